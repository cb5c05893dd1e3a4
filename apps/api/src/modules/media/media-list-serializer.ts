import { mediaAssetSchema } from '@app/shared/media';
import type { MediaAssetRow } from '../../db/schema/index.js';
import { toMediaAsset } from './media-asset.js';
import type { MediaUrlSigner } from './media-url-signer.js';

/**
 * GET /api/media answers a gallery page by page, and each photo's JSON stays the same until the photo
 * changes (its row's updated_at) or its signed links move to the next expiry step. So each is
 * checked against the contract and serialised once per version, and a list joins the pieces: with
 * a hundred photos per gallery, validating and serialising every item on every request was a fifth
 * of the server's CPU under load (docs/load-testing.md). Pieces are kept up to `capacity`, oldest
 * dropped first.
 */
export function createMediaListSerializer(signer: MediaUrlSigner, capacity = 20_000) {
  const pieces = new Map<string, string>();

  function pieceOf(row: MediaAssetRow): string {
    const key = `${row.id}:${row.updatedAt.getTime()}:${signer.currentExpiry()}`;
    let piece = pieces.get(key);
    if (piece === undefined) {
      piece = JSON.stringify(mediaAssetSchema.parse(toMediaAsset(row, signer)));
      pieces.set(key, piece);
      if (pieces.size > capacity) pieces.delete(pieces.keys().next().value!);
    }
    return piece;
  }

  return (rows: MediaAssetRow[]): string => `[${rows.map(pieceOf).join(',')}]`;
}
