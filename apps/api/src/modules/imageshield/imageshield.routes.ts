import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@app/shared/history';
import { protectImageRequestSchema, protectImageResponseSchema } from '@app/shared/imageshield';
import { requireNotBanned } from '../../plugins/access.js';
import { currentUserOf, requireUser } from '../../plugins/session.js';
import { retryAfterForBusyImageJobs } from '../media/image-jobs.js';
import { protectAsset, type ImageshieldDependencies } from './imageshield.service.js';

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
}
