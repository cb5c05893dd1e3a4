import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/api/src/db/client';
import { users } from '../apps/api/src/db/schema/index';
import { createSession } from '../apps/api/src/modules/auth/session.repo';
import { removeDataDir, startApp } from './support/app-server';

/** A browser-like client over real HTTP: keeps cookies and sends the CSRF header. */
async function httpClient(baseUrl: string, sessionToken: string) {
  const csrfResponse = await fetch(`${baseUrl}/api/csrf-token`);
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  const csrfCookies = csrfResponse.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  const cookie = [...csrfCookies, `sid=${sessionToken}`].join('; ');
  return (method: string, url: string, body?: unknown) =>
    fetch(`${baseUrl}${url}`, {
      method,
      headers: { cookie, 'x-csrf-token': csrfToken, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
}

describe('the embedded database across restarts (as npm start runs it)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-restart-'));
  afterAll(() => removeDataDir(dataDir));

  it('keeps users and their saved settings after SIGTERM and a new start', async () => {
    // First start creates and migrates the database, then shuts down gracefully.
    const first = await startApp({ dataDir });
    expect(await first.stop('SIGTERM')).toBe(0);

    // While the server is down, put a user and a session into its database directly.
    const database = await openDatabase({ pgliteDataDir: path.join(dataDir, 'db') });
    const [user] = await database.db
      .insert(users)
      .values({ username: 'restart_rose', email: 'restart@example.com', emailVerifiedAt: new Date() })
      .returning();
    const { token } = await createSession(database.db, user!.id);
    await database.close();

    const second = await startApp({ dataDir });
    const call = await httpClient(second.baseUrl, token);
    const me = await call('GET', '/api/auth/user');
    expect(((await me.json()) as { username: string }).username).toBe('restart_rose');
    const saved = await call('PATCH', '/api/user/settings', { theme: 'dark', defaultPlatform: 'twitter' });
    expect(saved.status).toBe(200);
    expect(await second.stop('SIGTERM')).toBe(0);

    const third = await startApp({ dataDir });
    const reread = await (await httpClient(third.baseUrl, token))('GET', '/api/user/settings');
    expect(((await reread.json()) as { settings: unknown }).settings).toMatchObject({
      theme: 'dark',
      defaultPlatform: 'twitter',
    });
    expect(await third.stop('SIGTERM')).toBe(0);
    // Three cold starts of the server (the first one migrating a new database): on a busy 2-core
    // machine each took 15–30 s before it listened, past the default minute for the whole test.
  }, 180_000);
});
