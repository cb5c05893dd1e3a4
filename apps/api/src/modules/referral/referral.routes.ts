import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { referralApplyResponseSchema, referralApplySchema } from '@app/shared/auth';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { applyReferral } from './referral.service.js';

export async function referralRoutes(app: FastifyInstance, options: { db: Database; config: AppConfig }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // No session required: the applicant has just signed up and has not verified or signed in yet.
  routes.post(
    '/api/referral/apply',
    { schema: { body: referralApplySchema, response: { 200: referralApplyResponseSchema } } },
    async (request) => {
      const status = await applyReferral(options.db, {
        referralCode: request.body.referralCode,
        applicantEmail: request.body.applicant.email,
      });
      return { success: true, status };
    },
  );
}
