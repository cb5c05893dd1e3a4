import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorCodes } from '@app/shared/errors';
import type { DatabaseHandle } from '../../db/client.js';

const statusSchema = z.object({ status: z.literal('ok') });
const readinessTimeoutMs = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms).unref(),
    ),
  ]);
}

/** Liveness says the process answers; readiness also needs the database. */
export async function healthRoutes(app: FastifyInstance, options: { database: DatabaseHandle }) {
  app.get('/healthz', { schema: { response: { 200: statusSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get('/readyz', async (request, reply) => {
    try {
      await withTimeout(options.database.ping(), readinessTimeoutMs);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed: database unreachable');
      return reply
        .status(503)
        .send({ message: 'The database is unreachable. Retrying shortly.', code: errorCodes.unavailable });
    }
  });
}
