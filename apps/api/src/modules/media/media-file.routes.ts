import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes } from '@app/shared/errors';
import { mediaErrors } from '@app/shared/media';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import type { Database } from '../../db/client.js';
import type { MediaAssetRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { parseByteRange } from './byte-range.js';
import { contentDisposition } from './media-filename.js';
import { mediaVariants, type MediaUrlSigner, type MediaVariant } from './media-url-signer.js';
import { assetForFileLink } from './media-read.service.js';
import { storageUnavailable } from './media-errors.js';

const fileParamsSchema = z.strictObject({
  id: z.uuid({ message: 'This media link is not valid. Reload the page to get a fresh link.' }),
  variant: z.enum(mediaVariants, {
    message: 'This media link is not valid. Reload the page to get a fresh link.',
  }),
});

const fileQuerySchema = z.object({
  exp: z.coerce.number({ message: mediaErrors.linkInvalid }).int({ message: mediaErrors.linkInvalid }),
  sig: z
    .string({ message: mediaErrors.linkInvalid })
    .regex(/^[A-Za-z0-9_-]{43}$/, { message: mediaErrors.linkInvalid }),
  download: z.literal('1').optional(),
});

const mimeByExtension: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

function fileOf(
  asset: MediaAssetRow,
  variant: MediaVariant,
): { key: string; filename: string; bytes?: number } | null {
  const stem = asset.filename.replace(/\.[^.]*$/, '');
  const extOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);
  switch (variant) {
    case 'original':
      return { key: asset.storageKey, filename: asset.filename, bytes: asset.bytes };
    case 'thumbnail':
      return asset.thumbnailKey ? { key: asset.thumbnailKey, filename: `${stem}-thumbnail.webp` } : null;
    case 'protected':
      return asset.protectedStorageKey
        ? {
            key: asset.protectedStorageKey,
            filename: `${stem}-protected.${extOf(asset.protectedStorageKey)}`,
          }
        : null;
  }
}

/**
 * GET /api/media/{id}/file/{variant}: streams a stored file to whoever holds a valid, unexpired
 * signed link (an <img> cannot send our headers). Byte ranges are honoured on originals so videos seek.
 */
export async function mediaFileRoutes(
  app: FastifyInstance,
  options: { db: Database; storage: MediaStorage; signer: MediaUrlSigner },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/media/:id/file/:variant',
    { schema: { params: fileParamsSchema, querystring: fileQuerySchema } },
    async (request, reply) => {
      const { id, variant } = request.params;
      const { exp, sig, download } = request.query;
      const verdict = options.signer.verify(id, variant, { exp, sig, download: download === '1' });
      if (verdict !== 'valid') {
        throw new AppError(
          403,
          verdict === 'expired' ? mediaErrors.linkExpired : mediaErrors.linkInvalid,
          errorCodes.forbidden,
        );
      }
      const asset = await assetForFileLink(options.db, id);
      const file = asset ? fileOf(asset, variant) : null;
      if (!file) throw AppError.notFound(mediaErrors.notFound);

      const range = file.bytes === undefined ? undefined : parseByteRange(request.headers.range, file.bytes);
      if (range === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', `bytes */${file.bytes}`)
          .send({ message: 'This part of the file does not exist.' });
      }
      const stored = await options.storage.read(file.key, range).catch((error: unknown) => {
        throw storageUnavailable(error);
      });
      if (!stored) throw AppError.notFound(mediaErrors.notFound);

      const secondsLeft = Math.max(0, exp - Math.floor(Date.now() / 1000));
      reply
        .header(
          'content-type',
          mimeByExtension[file.key.slice(file.key.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
        )
        .header('content-disposition', contentDisposition(download ? 'attachment' : 'inline', file.filename))
        .header('cache-control', `private, max-age=${secondsLeft}`)
        .header('accept-ranges', file.bytes === undefined ? 'none' : 'bytes')
        // Served files are never documents: nothing in them may run, even if opened directly.
        .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin');
      if (range) {
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${stored.totalBytes}`)
          .header('content-length', range.end - range.start + 1)
          .send(stored.stream);
      }
      return reply.header('content-length', stored.totalBytes).send(stored.stream);
    },
  );
}
