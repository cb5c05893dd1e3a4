import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';

export async function oauthRoutes(_app: FastifyInstance, _options: { db: Database; config: AppConfig }) {
  // Routes arrive with the accounts issue.
}
