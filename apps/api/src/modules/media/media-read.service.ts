import { mediaErrors, type MediaAsset } from '@app/shared/media';
import type { Database } from '../../db/client.js';
import type { MediaAssetRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { Page, PageRequest } from '../../lib/cursor-page.js';
import { toMediaAsset } from './media-asset.js';
import type { MediaUrlSigner } from './media-url-signer.js';
import { findAssetById, findOwnAsset, listAssetsPage } from './media.repo.js';
import { listOwnTags } from './media-tags.repo.js';

/** One page of the gallery's rows, newest first, optionally only those with a tag; the route serialises them (media-list-serializer.ts). */
export function galleryPageOf(
  db: Database,
  userId: string,
  page: PageRequest,
  filter: { tag?: string | undefined } = {},
): Promise<Page<MediaAssetRow>> {
  return listAssetsPage(db, userId, page, filter);
}

/** The user's tags with how many of her files carry each (the gallery's tag suggestions). */
export function tagsOf(db: Database, userId: string) {
  return listOwnTags(db, userId);
}

/** One of the user's own assets; someone else's looks exactly like a missing one. */
export async function ownAssetOf(
  db: Database,
  userId: string,
  id: string,
  signer: MediaUrlSigner,
): Promise<MediaAsset> {
  const row = await findOwnAsset(db, userId, id);
  if (!row) throw AppError.notFound(mediaErrors.notFound);
  return toMediaAsset(row, signer);
}

/** The asset a signed file link names (the signature, checked by the route, is the authorization). */
export function assetForFileLink(db: Database, id: string): Promise<MediaAssetRow | undefined> {
  return findAssetById(db, id);
}
