import type { FastifyRequest } from 'fastify';
import { isAdminUser } from '@app/shared/user';
import { AppError } from '../lib/app-error.js';

/** onRequest hook for admin routes: 401 signed out, 403 'Insufficient permissions' for everyone but admins. */
export async function requireAdmin(request: FastifyRequest) {
  if (!request.currentUser) throw AppError.unauthorized();
  if (!isAdminUser(request.currentUser)) throw AppError.forbidden();
}
