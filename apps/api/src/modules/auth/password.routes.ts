import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponseSchema,
  changePasswordSchema,
  emailOnlySchema,
  resetPasswordSchema,
} from '@app/shared/auth';
import { authMessages } from './auth-messages.js';
import type { AuthDeps } from './auth-deps.js';
import { changePassword, requestPasswordReset, resetPassword } from './password.service.js';
import { signIn } from './sign-in.js';

const messageSchema = z.object({ message: z.string() });

export async function passwordRoutes(app: FastifyInstance, deps: AuthDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The same answer whether or not the address has an account, so nobody can probe for members.
  routes.post(
    '/api/auth/forgot-password',
    { schema: { body: emailOnlySchema, response: { 200: messageSchema } } },
    async (request) => {
      await requestPasswordReset(deps, request.body.email, request.ip);
      return { message: authMessages.forgotPasswordNeutral };
    },
  );

  routes.post(
    '/api/auth/reset-password',
    { schema: { body: resetPasswordSchema, response: { 200: messageSchema } } },
    async (request) => {
      await resetPassword(deps.db, request.body.token, request.body.newPassword);
      return { message: authMessages.passwordReset };
    },
  );

  routes.post(
    '/api/auth/change-password',
    { schema: { body: changePasswordSchema, response: { 200: authResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await changePassword(deps.db, request.body, request.ip);
      return { message: authMessages.passwordChanged, ...(await signIn(request, reply, deps, user)) };
    },
  );
}
