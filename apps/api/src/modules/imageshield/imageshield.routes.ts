import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@app/shared/history';
import {
  discardPreviewResponseSchema,
  previewIdParamsSchema,
  protectImageRequestSchema,
  protectImageResponseSchema,
  protectionPreviewResponseSchema,
} from '@app/shared/imageshield';
import { requireNotBanned } from '../../plugins/access.js';
import { currentUserOf, requireUser } from '../../plugins/session.js';
import { retryAfterForBusyImageJobs } from '../media/image-jobs.js';
import { protectAsset, type ImageshieldDependencies } from './imageshield.service.js';
import {
  discardPreview,
  keepPreview,
  previewProtection,
  readPreviewFile,
} from './protection-preview.service.js';

export async function imageshieldRoutes(app: FastifyInstance, deps: ImageshieldDependencies) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireUser);
  routes.addHook('onError', retryAfterForBusyImageJobs);
  await mkdir(deps.tempDir, { recursive: true });

  routes.post(
    '/api/protect-image/:id',
    {
      onRequest: requireNotBanned,
      schema: {
        params: idParamsSchema,
        body: protectImageRequestSchema,
        response: { 200: protectImageResponseSchema },
      },
    },
    async (request) => protectAsset(deps, currentUserOf(request), request.params.id, request.body),
  );

  routes.post(
    '/api/protect-image/:id/preview',
    {
      onRequest: requireNotBanned,
      schema: {
        params: idParamsSchema,
        body: protectImageRequestSchema,
        response: { 200: protectionPreviewResponseSchema },
      },
    },
    async (request) => previewProtection(deps, currentUserOf(request), request.params.id, request.body),
  );

  routes.post(
    '/api/protect-image/previews/:previewId/keep',
    {
      onRequest: requireNotBanned,
      schema: { params: previewIdParamsSchema, response: { 200: protectImageResponseSchema } },
    },
    async (request) => keepPreview(deps, currentUserOf(request), request.params.previewId),
  );

  routes.delete(
    '/api/protect-image/previews/:previewId',
    { schema: { params: previewIdParamsSchema, response: { 200: discardPreviewResponseSchema } } },
    async (request) => discardPreview(deps, currentUserOf(request), request.params.previewId),
  );

  routes.get(
    '/api/protect-image/previews/:previewId/file',
    { schema: { params: previewIdParamsSchema } },
    async (request, reply) => {
      const { stored, mime } = await readPreviewFile(deps, currentUserOf(request), request.params.previewId);
      return reply
        .header('content-type', mime)
        .header('cache-control', 'private, no-store')
        .send(stored.stream);
    },
  );
}
