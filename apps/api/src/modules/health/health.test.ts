import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';

describe.each(testDatabaseKinds())('health checks (%s)', (kind) => {
  let testApp: TestApp;
  afterEach(() => testApp.close());

  it('/healthz and /readyz answer ok while the database is reachable', async () => {
    testApp = await buildTestApp(kind);
    expect((await testApp.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await testApp.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
  });

  it('/readyz answers 503 with a JSON message when the database is gone', async () => {
    testApp = await buildTestApp(kind);
    const database = testApp.database;
    const originalPing = database.ping;
    database.ping = () => Promise.reject(new Error('connection refused'));
    const response = await testApp.app.inject({ method: 'GET', url: '/readyz' });
    database.ping = originalPing;
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'The database is unreachable. Retrying shortly.',
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});
