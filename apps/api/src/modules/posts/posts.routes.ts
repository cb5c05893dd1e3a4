import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from '@app/shared/errors';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cancelScheduledPostResponseSchema,
  optimalTimeQuerySchema,
  optimalTimeResponseSchema,
  postCheckResponseSchema,
  scheduledPostListResponseSchema,
  scheduledPostParamsSchema,
  schedulePostRequestSchema,
  schedulePostResponseSchema,
  scheduleTexts,
  updateScheduledPostRequestSchema,
  updateScheduledPostResponseSchema,
} from '@app/shared/posts';
import { quickRepostRequestSchema, quickRepostResponseSchema } from '@app/shared/reddit';
import { AppError } from '../../lib/app-error.js';
import { requireFullAccess } from '../../plugins/access.js';
import { currentUserOf } from '../../plugins/session.js';
import type { ImageshieldDependencies } from '../imageshield/imageshield.service.js';
import { nextOptimalTime } from './optimal-time.js';
import { deletePendingPost, findCommunity, findOwnPost, insertPost, listOwnPosts, updatePendingPost } from './posts.repo.js';
import { preparePost, scheduledMessage, toScheduledPost, type PostsDependencies } from './posts.service.js';
import { quickRepost } from './quick-repost.service.js';
import { retryAfterForBusyImageJobs } from '../media/image-jobs.js';

/**
 * Spec 5's "Please provide at least a subreddit and title" must reach the user word for word, so
 * these routes answer their own validation errors: the first issue's message, its field apart.
 */
function refuseInvalid(request: FastifyRequest) {
  const error = request.validationError as (Error & { validation?: { instancePath?: string; message?: string }[] }) | undefined;
  if (!error) return;
  const issue = error.validation?.[0];
  const field = issue?.instancePath?.split('/').filter(Boolean).join('.');
  const message = issue?.message ?? error.message;
  const unknownField = /unrecognized key/i.test(message);
  throw new AppError(400, unknownField ? `${field || 'body'}: ${message}` : message, errorCodes.validation, field ? { field } : {});
}

/** Spec 4: posting and scheduling need full access (verified, not banned, not suspended). */
export async function postsRoutes(app: FastifyInstance, options: PostsDependencies & { imageshield: ImageshieldDependencies }) {
  const { db } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', requireFullAccess);
  // Quick repost makes a protected copy: an account with its share of image work in progress gets 429 + Retry-After.
  routes.addHook('onError', retryAfterForBusyImageJobs);

  routes.get('/api/posts/scheduled', { config: { apiKey: true }, schema: { response: { 200: scheduledPostListResponseSchema } } }, async (request) =>
    (await listOwnPosts(db, currentUserOf(request).id)).map(toScheduledPost),
  );

  routes.post(
    '/api/posts/check',
    { attachValidation: true, schema: { body: schedulePostRequestSchema, response: { 200: postCheckResponseSchema } } },
    async (request) => refuseInvalid(request) ?? (await preparePost(options, currentUserOf(request), request.body, { enforce: false })).check,
  );

  routes.post(
    '/api/posts/schedule',
    { config: { apiKey: true }, attachValidation: true, schema: { body: schedulePostRequestSchema, response: { 201: schedulePostResponseSchema } } },
    async (request, reply) => {
      refuseInvalid(request);
      const user = currentUserOf(request);
      const prepared = await preparePost(options, user, request.body);
      const row = await insertPost(db, { userId: user.id, ...prepared.values });
      await options.wake(row.dueAt);
      return reply.code(201).send({
        message: scheduledMessage(row),
        post: toScheduledPost({ ...row, redditUsername: prepared.redditUsername }),
        warnings: prepared.check.problems.filter((problem) => problem.severity === 'warn'),
      });
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
    async (request) => {
      const user = currentUserOf(request);
      const existing = await findOwnPost(db, user.id, request.params.id);
      if (!existing) throw AppError.notFound();
      if (existing.status !== 'pending' || existing.claimToken || existing.submitStartedAt) {
        throw AppError.conflict(scheduleTexts.notPending, 'POST_NOT_PENDING');
      }
      const changes = request.body;
      const keepsTime = changes.scheduledAt === undefined;
      const prepared = await preparePost(
        options,
        user,
        {
          subreddit: changes.subreddit ?? existing.subreddit,
          title: changes.title ?? existing.titleFinal,
          body: changes.body === undefined ? (existing.bodyFinal ?? undefined) : (changes.body ?? undefined),
          // The kept time may now be minutes in the past; it still means "as planned".
          scheduledAt: keepsTime
            ? existing.scheduledAt.getTime() > Date.now()
              ? existing.scheduledAt.toISOString()
              : undefined
            : (changes.scheduledAt ?? undefined),
          timing: 'now',
          imageId: existing.mediaAssetId ?? undefined,
          redditAccountId: existing.redditAccountId ?? undefined,
          flairId: changes.flairId === undefined ? (existing.flairId ?? undefined) : (changes.flairId ?? undefined),
          flairText: changes.flairText === undefined ? (existing.flairText ?? undefined) : (changes.flairText ?? undefined),
          nsfw: existing.nsfw,
        },
        { exceptPostId: existing.id, enforce: true },
      );
      const { scheduledAt, dueAt, timing, ...rest } = prepared.values;
      const time = keepsTime
        ? { scheduledAt: existing.scheduledAt, dueAt: existing.dueAt, timing: existing.timing }
        : { scheduledAt, dueAt, timing };
      const updated = await updatePendingPost(db, user.id, existing.id, { ...rest, ...time, lastError: null });
      if (!updated) throw AppError.conflict(scheduleTexts.notPending, 'POST_NOT_PENDING');
      if (!keepsTime) await options.wake(updated.dueAt);
      return { message: scheduleTexts.updated, post: toScheduledPost({ ...updated, redditUsername: existing.redditUsername }) };
    },
  );

  routes.delete(
    '/api/posts/scheduled/:id',
    { schema: { params: scheduledPostParamsSchema, response: { 200: cancelScheduledPostResponseSchema } } },
    async (request) => {
      const user = currentUserOf(request);
      const existing = await findOwnPost(db, user.id, request.params.id);
      if (!existing) throw AppError.notFound();
      if (!(await deletePendingPost(db, user.id, existing.id))) throw AppError.conflict(scheduleTexts.notPending, 'POST_NOT_PENDING');
      return { message: scheduleTexts.cancelled };
    },
  );

  routes.get(
    '/api/posts/optimal-time',
    { schema: { querystring: optimalTimeQuerySchema, response: { 200: optimalTimeResponseSchema } } },
    async (request) => {
      const community = await findCommunity(db, request.query.subreddit);
      if (!community) throw AppError.notFound(scheduleTexts.unknownSubreddit(request.query.subreddit));
      const next = nextOptimalTime(community.bestPostingTimes);
      return {
        subreddit: community.name,
        bestPostingTimes: community.bestPostingTimes.slice(0, 3),
        scheduledAt: (next ?? new Date()).toISOString(),
        basis: next ? ('best_posting_times' as const) : ('no_data' as const),
      };
    },
  );

  routes.post(
    '/api/reddit/quick-repost',
    { schema: { body: quickRepostRequestSchema, response: { 201: quickRepostResponseSchema } } },
    async (request, reply) => reply.code(201).send(await quickRepost(options, currentUserOf(request), request.body)),
  );
}
