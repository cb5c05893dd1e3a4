import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { referralApplyResponseSchema, referralApplySchema } from '@app/shared/auth';
import { errorCodes } from '@app/shared/errors';
import { hasRight } from '@app/shared/plans';
import { referralOverviewSchema, referralTexts } from '@app/shared/referral';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { currentUserOf, requireUser } from '../../plugins/session.js';
import { referralClaimOf } from './referral-claim.js';
import { referralOverviewOf } from './referral-overview.service.js';
import { applyReferral } from './referral.service.js';

export async function referralRoutes(app: FastifyInstance, options: { db: Database; config: AppConfig }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // No session required: the applicant has just signed up and has not verified or signed in yet.
  // Only the applicant's own session or the claim cookie signup set can link (referral.service.ts).
  routes.post(
    '/api/referral/apply',
    { schema: { body: referralApplySchema, response: { 200: referralApplyResponseSchema } } },
    async (request) => {
      const status = await applyReferral(options.db, {
        referralCode: request.body.referralCode,
        applicantEmail: request.body.applicant.email,
        provenUserIds: [request.currentUser?.id, await referralClaimOf(options.db, request)],
      });
      return { success: true, status };
    },
  );

  // docs/product.md#referral-programme: the programme is Pro only (admins have every right); the answer names the people referred.
  routes.get(
    '/api/referral/me',
    { onRequest: requireUser, schema: { response: { 200: referralOverviewSchema } } },
    async (request, reply) => {
      const user = currentUserOf(request);
      if (!hasRight(user, 'referralProgram'))
        throw new AppError(403, referralTexts.proOnly, errorCodes.forbidden);
      reply.header('cache-control', 'no-store');
      return referralOverviewOf(options.db, user);
    },
  );
}
