import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@app/shared/history';
import {
  deleteMediaResponseSchema,
  maxUploadBytes,
  mediaAssetSchema,
  mediaListQuerySchema,
  mediaListResponseSchema,
  mediaTagsResponseSchema,
  mediaTexts,
  restoreMediaResponseSchema,
  storageUsageSchema,
  uploadMediaResponseSchema,
} from '@app/shared/media';
import type { ImageJobScheduler } from '../../adapters/image/image-job-scheduler.js';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import type { Database } from '../../db/client.js';
import { withPageHeaders } from '../../lib/cursor-page.js';
import { requireNotBanned } from '../../plugins/access.js';
import { currentUserOf, requireUser } from '../../plugins/session.js';
import { retryAfterForBusyImageJobs } from './image-jobs.js';
import { kindOf, toMediaAsset } from './media-asset.js';
import { createMediaListSerializer } from './media-list-serializer.js';
import type { MediaUrlSigner } from './media-url-signer.js';
import { galleryPageOf, ownAssetOf, tagsOf } from './media-read.service.js';
import { deleteMedia, restoreMedia, storageUsageOf } from './media.service.js';
import { uploadMedia } from './media-upload.service.js';

export interface MediaRouteOptions {
  db: Database;
  storage: MediaStorage;
  signer: MediaUrlSigner;
  tempDir: string;
  imageJobs: ImageJobScheduler;
  /** Queues the content rating of new photos; never throws (a failure leaves them for a later run). */
  rateSoon?: () => Promise<void>;
}

export async function mediaRoutes(app: FastifyInstance, options: MediaRouteOptions) {
  const { db, storage, signer } = options;
  // Registered here only, so multipart bodies reach no other route.
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxUploadBytes, files: 2, fields: 10, fieldSize: 4096, parts: 12, headerPairs: 100 },
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireUser);
  routes.addHook('onError', retryAfterForBusyImageJobs);

  const serializeList = createMediaListSerializer(signer);
  routes.get(
    '/api/media',
    {
      config: { apiKey: true, etag: true },
      schema: { querystring: mediaListQuerySchema, response: { 200: mediaListResponseSchema } },
    },
    async (request, reply) => {
      const { tag, ...page } = request.query;
      const gallery = await galleryPageOf(db, currentUserOf(request).id, page, { tag });
      const rows = withPageHeaders(request, reply as FastifyReply, gallery);
      // Already checked against mediaAssetSchema piece by piece (media-list-serializer.ts).
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(serializeList(rows));
    },
  );

  routes.get(
    '/api/media/tags',
    { config: { etag: true }, schema: { response: { 200: mediaTagsResponseSchema } } },
    async (request) => tagsOf(db, currentUserOf(request).id),
  );

  routes.get(
    '/api/media/:id',
    { schema: { params: idParamsSchema, response: { 200: mediaAssetSchema } } },
    async (request) => ownAssetOf(db, currentUserOf(request).id, request.params.id, signer),
  );

  routes.post(
    '/api/media/upload',
    // Refused before the body is read: a banned account stores nothing new (decision 019).
    { onRequest: requireNotBanned, schema: { response: { 201: uploadMediaResponseSchema } } },
    async (request, reply) => {
      const row = await uploadMedia(
        { db, storage, tempDir: options.tempDir, imageJobs: options.imageJobs },
        currentUserOf(request),
        request,
      );
      if (kindOf(row.mime) === 'image') await options.rateSoon?.();
      return reply
        .status(201)
        .send({ message: mediaTexts.imageUploadedText, asset: toMediaAsset(row, signer) });
    },
  );

  routes.delete(
    '/api/media/:id',
    { schema: { params: idParamsSchema, response: { 200: deleteMediaResponseSchema } } },
    async (request) => {
      const restorableUntil = await deleteMedia(db, currentUserOf(request).id, request.params.id);
      return { message: mediaTexts.imageDeletedText, restorableUntil: restorableUntil.toISOString() };
    },
  );

  // Undo of a delete, while the purge has not come (decision 025). POST: CSRF-checked like any change.
  routes.post(
    '/api/media/:id/restore',
    { schema: { params: idParamsSchema, response: { 200: restoreMediaResponseSchema } } },
    async (request) => {
      const row = await restoreMedia(db, currentUserOf(request), request.params.id);
      return { message: mediaTexts.imageRestoredText(row.filename), asset: toMediaAsset(row, signer) };
    },
  );

  routes.get(
    '/api/storage/usage',
    { config: { etag: true }, schema: { response: { 200: storageUsageSchema } } },
    async (request) => storageUsageOf(db, currentUserOf(request)),
  );
}
