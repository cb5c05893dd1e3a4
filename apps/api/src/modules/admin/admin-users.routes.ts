import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminPageQuerySchema,
  adminUserDetailResponseSchema,
  adminUserIdParamsSchema,
  adminUserListResponseSchema,
  adminUserSchema,
  adminUserSearchQuerySchema,
  auditLogResponseSchema,
  banBodySchema,
  suspendBodySchema,
  tierBodySchema,
} from '@app/shared/admin';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { withPageHeaders } from '../../lib/cursor-page.js';
import { requireAdmin } from '../../plugins/admin.js';
import { currentUserOf } from '../../plugins/session.js';
import { createMailDispatch } from '../auth/mail-dispatch.js';
import {
  auditLogPage,
  banUser,
  changeTier,
  forcePasswordChange,
  listUsers,
  resendUserVerification,
  suspendUser,
  unbanUser,
  unsuspendUser,
  userDetail,
} from './admin-users.service.js';

const actorOf = (request: FastifyRequest) => {
  const user = currentUserOf(request);
  return { id: user.id, username: user.username };
};

export async function adminUserRoutes(
  app: FastifyInstance,
  options: { db: Database; config: AppConfig; mailer: Mailer },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const mail = createMailDispatch(options.mailer, app.log);
  app.addHook('onClose', () => mail.drain());
  routes.addHook('onRequest', requireAdmin);

  routes.get(
    '/api/admin/users',
    {
      config: { etag: true },
      schema: { querystring: adminUserSearchQuerySchema, response: { 200: adminUserListResponseSchema } },
    },
    async (request, reply) => {
      const { page, total } = await listUsers(db, request.query);
      return { users: withPageHeaders(request, reply, page), total };
    },
  );

  routes.get(
    '/api/admin/users/:id',
    { schema: { params: adminUserIdParamsSchema, response: { 200: adminUserDetailResponseSchema } } },
    async (request) => userDetail(db, request.params.id),
  );

  const action = { params: adminUserIdParamsSchema, response: { 200: adminUserSchema } };

  routes.post('/api/admin/users/:id/ban', { schema: { ...action, body: banBodySchema } }, async (request) =>
    banUser(db, actorOf(request), request.params.id, request.body.reason),
  );
  routes.post('/api/admin/users/:id/unban', { schema: { ...action } }, async (request) =>
    unbanUser(db, actorOf(request), request.params.id),
  );
  routes.post(
    '/api/admin/users/:id/suspend',
    { schema: { ...action, body: suspendBodySchema } },
    async (request) => suspendUser(db, actorOf(request), request.params.id, request.body),
  );
  routes.post('/api/admin/users/:id/unsuspend', { schema: { ...action } }, async (request) =>
    unsuspendUser(db, actorOf(request), request.params.id),
  );
  routes.post('/api/admin/users/:id/tier', { schema: { ...action, body: tierBodySchema } }, async (request) =>
    changeTier(db, actorOf(request), request.params.id, request.body.tier),
  );
  routes.post('/api/admin/users/:id/force-password-change', { schema: { ...action } }, async (request) =>
    forcePasswordChange(db, actorOf(request), request.params.id),
  );
  routes.post('/api/admin/users/:id/resend-verification', { schema: { ...action } }, async (request) =>
    resendUserVerification({ db, config: options.config, mail }, actorOf(request), request.params.id),
  );

  routes.get(
    '/api/admin/audit-log',
    {
      config: { etag: true },
      schema: { querystring: adminPageQuerySchema, response: { 200: auditLogResponseSchema } },
    },
    async (request, reply) => {
      const { page, total } = await auditLogPage(db, request.query);
      return { entries: withPageHeaders(request, reply, page), total };
    },
  );
}
