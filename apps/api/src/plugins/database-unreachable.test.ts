import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.js';

/** A route that fails the way a query does when PostgreSQL is down, or with some other error. */
async function appFailingWith(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/fails', async () => {
    throw error;
  });
  await app.ready();
  return app;
}

const queryFailure = (cause: Error) => new DrizzleQueryError('select 1', [], cause);
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('errors of an unreachable database', () => {
  it.each([
    ['a connection dropped mid-query', queryFailure(new Error('Connection terminated unexpectedly'))],
    [
      'a refused connection under a query',
      queryFailure(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')),
    ],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    [
      'a transaction on a connection that broke',
      queryFailure(new Error('Client was closed and is not queryable')),
    ],
    [
      'PostgreSQL shutting down (57P01)',
      queryFailure(withCode('terminating connection due to administrator command', '57P01')),
    ],
    ['a connection exception (08006)', queryFailure(withCode('connection failure', '08006'))],
  ])('%s answers 503 with the readiness message', async (_name, error) => {
    const app = await appFailingWith(error);
    const response = await app.inject({ method: 'GET', url: '/fails' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'The database is unreachable. Retrying shortly.',
      code: 'SERVICE_UNAVAILABLE',
    });
    await app.close();
  });

  it.each([
    ['a bug', new Error('Cannot read properties of undefined')],
    ['a failed query that is not about the connection', queryFailure(withCode('division by zero', '22012'))],
    [
      'another service refusing the connection',
      withCode('connect ECONNREFUSED 10.0.0.5:443', 'ECONNREFUSED'),
    ],
  ])('%s stays a 500 without details', async (_name, error) => {
    const app = await appFailingWith(error);
    const response = await app.inject({ method: 'GET', url: '/fails' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(response.body).not.toContain('division');
    await app.close();
  });
});
