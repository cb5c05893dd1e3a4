import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createTestDatabase } from '../test/db/test-database.js';

describe('graceful shutdown', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('finishes an in-flight request after close() starts and refuses new ones', async () => {
    const database = await createTestDatabase('pglite');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
    app = await buildApp({ config, database });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const requestStarted = new Promise<void>((resolve) => (started = resolve));
    // A route that stays busy until the test lets it go, standing in for a slow upload or query.
    app.get('/slow', async () => {
      started();
      await released;
      return { done: true };
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    const inFlight = fetch(`${address}/slow`);
    await requestStarted;
    const closing = app.close();
    const refused = await fetch(`${address}/healthz`).then(
      (response) => response.status,
      () => 'connection refused',
    );
    expect([503, 'connection refused']).toContain(refused);
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
    app = undefined;
    await database.close();
  });
});
