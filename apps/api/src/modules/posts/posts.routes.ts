import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from '@app/shared/errors';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cancelScheduledPostResponseSchema,
  optimalTimeQuerySchema,
  optimalTimeResponseSchema,
  postCheckResponseSchema,
  scheduledPostListQuerySchema,
  scheduledPostListResponseSchema,
  scheduledPostParamsSchema,
  schedulePostRequestSchema,
  schedulePostResponseSchema,
  updateScheduledPostRequestSchema,
  updateScheduledPostResponseSchema,
} from '@app/shared/posts';
import { calendarMaxDays, calendarQuerySchema, calendarResponseSchema } from '@app/shared/posts-calendar';
import { quickRepostRequestSchema, quickRepostResponseSchema } from '@app/shared/reddit';
import { AppError } from '../../lib/app-error.js';
import { withPageHeaders } from '../../lib/cursor-page.js';
import { requireFullAccess } from '../../plugins/access.js';
import { currentUserOf } from '../../plugins/session.js';
import type { ImageshieldDependencies } from '../imageshield/imageshield.service.js';
import { checkPost, type PostsDependencies } from './posts.service.js';
import {
  calendarOf,
  cancelScheduledPost,
  optimalTimeFor,
  scheduledPostsOf,
  schedulePost,
  updateScheduledPost,
} from './scheduled-posts.service.js';
import { quickRepost } from './quick-repost.service.js';
import { retryAfterForBusyImageJobs } from '../media/image-jobs.js';

/**
 * docs/product.md#reddit-posting's "Please provide at least a subreddit and title" must reach the user word for word, so
 * these routes answer their own validation errors: the first issue's message, its field apart.
 */
function refuseInvalid(request: FastifyRequest) {
  const error = request.validationError as
    (Error & { validation?: { instancePath?: string; message?: string }[] }) | undefined;
  if (!error) return;
  const issue = error.validation?.[0];
  const field = issue?.instancePath?.split('/').filter(Boolean).join('.');
  const message = issue?.message ?? error.message;
  const unknownField = /unrecognized key/i.test(message);
  throw new AppError(
    400,
    unknownField ? `${field || 'body'}: ${message}` : message,
    errorCodes.validation,
    field ? { field } : {},
  );
}

/** docs/product.md#reddit-posting: posting and scheduling need full access (verified, not banned, not suspended). */
export async function postsRoutes(
  app: FastifyInstance,
  options: PostsDependencies & { imageshield: ImageshieldDependencies },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireFullAccess);
  // Quick repost makes a protected copy: an account with its share of image work in progress gets 429 + Retry-After.
  routes.addHook('onError', retryAfterForBusyImageJobs);

  routes.get(
    '/api/posts/scheduled',
    {
      config: { apiKey: true, etag: true },
      schema: {
        querystring: scheduledPostListQuerySchema,
        response: { 200: scheduledPostListResponseSchema },
      },
    },
    async (request, reply) =>
      withPageHeaders(
        request,
        reply,
        await scheduledPostsOf(options, currentUserOf(request).id, request.query),
      ),
  );

  routes.get(
    '/api/posts/calendar',
    {
      config: { apiKey: true },
      attachValidation: true,
      schema: {
        description:
          `Every post (pending, sent, failed) scheduled at or after \`from\` and before \`to\`, soonest first; ` +
          `at most ${calendarMaxDays} days at a time. A sent post the outcome check found removed has \`outcome.removed\`.`,
        querystring: calendarQuerySchema,
        response: { 200: calendarResponseSchema },
      },
    },
    async (request) =>
      refuseInvalid(request) ?? (await calendarOf(options, currentUserOf(request).id, request.query)),
  );

  routes.post(
    '/api/posts/check',
    {
      attachValidation: true,
      schema: { body: schedulePostRequestSchema, response: { 200: postCheckResponseSchema } },
    },
    async (request) =>
      refuseInvalid(request) ?? (await checkPost(options, currentUserOf(request), request.body)),
  );

  routes.post(
    '/api/posts/schedule',
    {
      config: { apiKey: true },
      attachValidation: true,
      schema: { body: schedulePostRequestSchema, response: { 201: schedulePostResponseSchema } },
    },
    async (request, reply) => {
      refuseInvalid(request);
      return reply.code(201).send(await schedulePost(options, currentUserOf(request), request.body));
    },
  );

  routes.patch(
    '/api/posts/scheduled/:id',
    {
      schema: {
        params: scheduledPostParamsSchema,
        body: updateScheduledPostRequestSchema,
        response: { 200: updateScheduledPostResponseSchema },
      },
    },
    async (request) => updateScheduledPost(options, currentUserOf(request), request.params.id, request.body),
  );

  routes.delete(
    '/api/posts/scheduled/:id',
    { schema: { params: scheduledPostParamsSchema, response: { 200: cancelScheduledPostResponseSchema } } },
    async (request) =>
      cancelScheduledPost(
        { db: options.db, storage: options.imageshield.storage },
        currentUserOf(request).id,
        request.params.id,
      ),
  );

  routes.get(
    '/api/posts/optimal-time',
    { schema: { querystring: optimalTimeQuerySchema, response: { 200: optimalTimeResponseSchema } } },
    async (request) => optimalTimeFor(options, currentUserOf(request).id, request.query.subreddit),
  );

  routes.post(
    '/api/reddit/quick-repost',
    { schema: { body: quickRepostRequestSchema, response: { 201: quickRepostResponseSchema } } },
    async (request, reply) =>
      reply.code(201).send(await quickRepost(options, currentUserOf(request), request.body)),
  );
}
