import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountExportSchema,
  accountMessages,
  confirmEmailChangeQuerySchema,
  deleteAccountResponseSchema,
  deleteAccountSchema,
  emailChangeConfirmedResponseSchema,
  profileResponseSchema,
  updateProfileSchema,
} from '@app/shared/account';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import type { PaymentGateway } from '../../adapters/stripe/payment-gateway.js';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { currentUserOf, requireUser, sessionCookieOptions } from '../../plugins/session.js';
import { TooManyAttemptsError } from '../auth/login-throttle.js';
import { createMailDispatch } from '../auth/mail-dispatch.js';
import { prefersHtml } from '../auth/prefers-html.js';
import { sessionCookieName } from '../auth/session-token.js';
import type { MediaUrlSigner } from '../media/media-url-signer.js';
import { deleteAccountOf } from './delete-account.service.js';
import { buildAccountExport } from './export.service.js';
import {
  confirmEmailChange,
  EmailChangeError,
  profileOf,
  updateProfile,
  type ProfileDeps,
} from './profile.service.js';

export interface AccountRouteOptions {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  storage: MediaStorage;
  signer: MediaUrlSigner;
  gateway: PaymentGateway | undefined;
}

export async function accountRoutes(app: FastifyInstance, options: AccountRouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const mail = createMailDispatch(options.mailer, app.log);
  app.addHook('onClose', () => mail.drain());
  const deps: ProfileDeps = { db: options.db, config: options.config, mail };

  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
  });

  routes.get(
    '/api/user/profile',
    { onRequest: requireUser, schema: { response: { 200: profileResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { profile: await profileOf(options.db, currentUserOf(request)) };
    },
  );

  routes.patch(
    '/api/user/profile',
    {
      onRequest: requireUser,
      schema: { body: updateProfileSchema, response: { 200: profileResponseSchema } },
    },
    async (request) => updateProfile(deps, currentUserOf(request), request.body, request.ip),
  );

  // Opened from the mail. A browser is sent on to Settings with the outcome in the query; the web
  // app (or a script) calling it with fetch gets JSON.
  routes.get(
    '/api/user/email/confirm',
    {
      schema: {
        querystring: confirmEmailChangeQuerySchema,
        response: { 200: emailChangeConfirmedResponseSchema },
      },
    },
    async (request, reply) => {
      const browser = prefersHtml(request.headers.accept);
      try {
        const { email } = await confirmEmailChange(deps, request.query.token);
        if (browser) return reply.redirect('/settings?emailChange=confirmed');
        return { message: accountMessages.emailChanged, email };
      } catch (error) {
        if (browser && error instanceof EmailChangeError)
          return reply.redirect(`/settings?emailChange=${error.reason}`);
        throw error;
      }
    },
  );

  routes.get(
    '/api/user/export',
    { onRequest: requireUser, schema: { response: { 200: accountExportSchema } } },
    async (request, reply) => {
      const user = currentUserOf(request);
      const document = await buildAccountExport(
        { db: options.db, signer: options.signer, publicUrl: options.config.publicUrl },
        user,
      );
      const day = document.exportedAt.slice(0, 10);
      reply.header('cache-control', 'no-store');
      reply.header(
        'content-disposition',
        `attachment; filename="creator-studio-export-${user.username}-${day}.json"`,
      );
      return document;
    },
  );

  routes.delete(
    '/api/user/account',
    {
      onRequest: requireUser,
      schema: { body: deleteAccountSchema, response: { 200: deleteAccountResponseSchema } },
    },
    async (request, reply) => {
      const deps = { db: options.db, storage: options.storage, gateway: options.gateway, log: request.log };
      await deleteAccountOf(deps, currentUserOf(request).id, request.body, request.ip);
      reply.clearCookie(sessionCookieName, sessionCookieOptions(options.config));
      reply.header('cache-control', 'no-store');
      return { message: accountMessages.accountDeleted, redirectTo: '/' };
    },
  );
}
