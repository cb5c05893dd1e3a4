import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { TestClient } from '../../../test/test-client.js';

describe.each(testDatabaseKinds())('social sign-in routes without configured providers (%s)', (kind) => {
  const testApp = useTestApp(kind);

  it('lists no providers and sends the browser back with <provider>_failed', async () => {
    const client = new TestClient(testApp.app());
    expect((await client.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
      providers: [],
    });
    for (const provider of ['google', 'facebook', 'reddit']) {
      const start = await client.inject({ method: 'GET', url: `/api/auth/${provider}` });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe(`/?error=${provider}_failed`);
      const callback = await client.inject({
        method: 'GET',
        url: `/api/auth/${provider}/callback?code=x&state=y`,
      });
      expect(callback.headers.location).toBe(`/?error=${provider}_failed`);
    }
  });

  it('answers 404 JSON for a provider that does not exist', async () => {
    for (const url of ['/api/auth/myspace', '/api/auth/myspace/callback?code=x&state=y']) {
      const response = await new TestClient(testApp.app()).inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: expect.stringContaining('Google, Facebook or Reddit'),
        code: 'NOT_FOUND',
      });
    }
  });
});
