import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  campaignActionResponseSchema,
  campaignCreatedResponseSchema,
  campaignDetailSchema,
  campaignListResponseSchema,
  campaignParamsSchema,
  campaignPlanResponseSchema,
  campaignRequestSchema,
} from '@app/shared/campaigns';
import { requireFullAccess } from '../../plugins/access.js';
import { currentUserOf } from '../../plugins/session.js';
import {
  cancelCampaign,
  createCampaign,
  getCampaign,
  listCampaigns,
  pauseCampaign,
  planCampaign,
  resumeCampaign,
  type CampaignDependencies,
} from './campaigns.service.js';

/** docs/reddit-posting.md#campaigns: one caption and photo set to many subreddits, spaced safely. */
export async function campaignsRoutes(app: FastifyInstance, deps: CampaignDependencies) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireFullAccess);

  routes.post(
    '/api/campaigns/plan',
    { schema: { body: campaignRequestSchema, response: { 200: campaignPlanResponseSchema } } },
    async (request) => planCampaign(deps, currentUserOf(request), request.body),
  );

  routes.post(
    '/api/campaigns',
    { schema: { body: campaignRequestSchema, response: { 201: campaignCreatedResponseSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createCampaign(deps, currentUserOf(request), request.body)),
  );

  routes.get(
    '/api/campaigns',
    { schema: { response: { 200: campaignListResponseSchema } } },
    async (request) => listCampaigns(deps, currentUserOf(request).id),
  );

  routes.get(
    '/api/campaigns/:id',
    { schema: { params: campaignParamsSchema, response: { 200: campaignDetailSchema } } },
    async (request) => getCampaign(deps, currentUserOf(request).id, request.params.id),
  );

  routes.post(
    '/api/campaigns/:id/pause',
    { schema: { params: campaignParamsSchema, response: { 200: campaignActionResponseSchema } } },
    async (request) => pauseCampaign(deps, currentUserOf(request).id, request.params.id),
  );

  routes.post(
    '/api/campaigns/:id/resume',
    { schema: { params: campaignParamsSchema, response: { 200: campaignActionResponseSchema } } },
    async (request) => resumeCampaign(deps, currentUserOf(request).id, request.params.id),
  );

  routes.delete(
    '/api/campaigns/:id',
    { schema: { params: campaignParamsSchema, response: { 200: campaignActionResponseSchema } } },
    async (request) => cancelCampaign(deps, currentUserOf(request).id, request.params.id),
  );
}
