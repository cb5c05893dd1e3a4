import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authResponseSchema, emailOnlySchema, verifyEmailQuerySchema } from '@app/shared/auth';
import { authMessages } from './auth-messages.js';
import type { AuthDeps } from './auth-deps.js';
import { prefersHtml } from './prefers-html.js';
import { resendVerification, VerificationError, verifyEmail } from './verification.service.js';

export async function verificationRoutes(app: FastifyInstance, deps: AuthDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/auth/resend-verification',
    { schema: { body: emailOnlySchema, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      await resendVerification(deps, request.body.email, request.ip);
      return { message: authMessages.resendNeutral };
    },
  );

  // The web page calls this with fetch; someone opening the API link itself gets sent to the landing page.
  routes.get(
    '/api/auth/verify-email',
    { schema: { querystring: verifyEmailQuerySchema, response: { 200: authResponseSchema } } },
    async (request, reply) => {
      const browser = prefersHtml(request.headers.accept);
      try {
        const { email } = await verifyEmail(deps.db, request.query.token);
        if (browser) return reply.redirect(`/?verified=true&email=${encodeURIComponent(email)}`);
        return { message: authMessages.emailVerified, email };
      } catch (error) {
        if (!(error instanceof VerificationError))
          request.log.error({ err: error }, 'email verification failed');
        const failure =
          error instanceof VerificationError ? error : new VerificationError('verification_failed');
        if (browser) return reply.redirect(`/?error=${failure.reason}`);
        throw failure;
      }
    },
  );
}
