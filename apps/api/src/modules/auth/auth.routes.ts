import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorCodes } from '@app/shared/errors';
import { authResponseSchema, loginSchema, refreshResponseSchema, signupSchema } from '@app/shared/auth';
import { userSchema } from '@app/shared/user';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { setReferralClaimCookie } from '../referral/referral-claim.js';
import { sessionCookieOptions } from '../../plugins/session.js';
import { authMessages } from './auth-messages.js';
import type { AuthDeps } from './auth-deps.js';
import { checkLogin } from './login.service.js';
import { TooManyAttemptsError } from './login-throttle.js';
import { createMailDispatch } from './mail-dispatch.js';
import { passwordRoutes } from './password.routes.js';
import { toPublicUser } from './public-user.js';
import { endSession, refreshAccessToken } from './session.service.js';
import { sessionCookieName } from './session-token.js';
import { signIn } from './sign-in.js';
import { signUp } from './signup.service.js';
import { verificationRoutes } from './verification.routes.js';

export async function authRoutes(
  app: FastifyInstance,
  options: { db: Database; config: AppConfig; mailer: Mailer },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const mail = createMailDispatch(options.mailer, app.log);
  app.addHook('onClose', () => mail.drain());
  const deps: AuthDeps = { db: options.db, config: options.config, mail };

  // onError runs before the error handler and may add headers: the 429's Retry-After is set here.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
  });

  // Signed-out visitors get 200 null, not 401: the page is allowed, there is just nobody signed in.
  routes.get(
    '/api/auth/user',
    { schema: { response: { 200: userSchema.nullable() } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return request.currentUser ? toPublicUser(request.currentUser) : null;
    },
  );

  routes.post(
    '/api/auth/signup',
    { schema: { body: signupSchema, response: { 201: authResponseSchema } } },
    async (request, reply) => {
      const { id, email } = await signUp(deps, request.body, request.ip);
      // Lets this browser apply its referral code next, before it can sign in (referral-claim.ts).
      // A taken e-mail gets the same cookie, for an id no account has: it proves nothing, and the
      // answer stays the one a new account gets (decision 018).
      await setReferralClaimCookie(reply, options.db, options.config, id ?? randomUUID());
      return reply.status(201).send({ message: authMessages.accountCreated, email });
    },
  );

  routes.post(
    '/api/auth/login',
    { schema: { body: loginSchema, response: { 200: authResponseSchema, 202: authResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const outcome = await checkLogin(options.db, request.body, request.ip);
      if (outcome.kind === 'must-change-password') {
        // No session yet: the temporary password only opens the change-password form.
        return reply.status(202).send({
          message: authMessages.mustChangePassword,
          code: errorCodes.mustChangePassword,
          mustChangePassword: true,
          userId: outcome.user.id,
        });
      }
      return { message: authMessages.welcomeBack, ...(await signIn(request, reply, deps, outcome.user)) };
    },
  );

  // The cookie, not a bearer token, is what renews: an access token must not extend its own life.
  routes.post(
    '/api/auth/refresh',
    { schema: { response: { 200: refreshResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return refreshAccessToken(options.db, request.cookies[sessionCookieName]);
    },
  );

  routes.post('/api/auth/logout', async (request, reply) => {
    if (request.sessionId) await endSession(options.db, request.sessionId);
    reply.clearCookie(sessionCookieName, sessionCookieOptions(options.config));
    return reply.status(204).send();
  });

  await app.register(passwordRoutes, deps);
  await app.register(verificationRoutes, deps);
}
