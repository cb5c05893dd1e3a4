import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userSchema } from '@app/shared/user';
import { sessions } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { signedInClient, TestClient } from '../../../test/test-client.js';

describe.each(testDatabaseKinds())('current user and logout (%s)', (kind) => {
  const testApp = useTestApp(kind);

  it('answers null to a signed-out visitor', async () => {
    const response = await new TestClient(testApp.app()).inject({ method: 'GET', url: '/api/auth/user' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });

  it('answers the public user for a valid session, without secrets', async () => {
    const user = await newUser(testApp.db(), { passwordHash: 'argon2-hash-never-sent', tier: 'pro' });
    const client = await signedInClient(testApp.app(), testApp.db(), user);
    const response = await client.inject({ method: 'GET', url: '/api/auth/user' });
    const body = response.json();
    expect(userSchema.parse(body)).toMatchObject({ id: user.id, tier: 'pro', emailVerified: true });
    expect(response.body).not.toContain('argon2-hash-never-sent');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('treats an unknown session cookie as signed out', async () => {
    const client = new TestClient(testApp.app());
    client.setCookie('sid', 'forged-session-token');
    expect((await client.inject({ method: 'GET', url: '/api/auth/user' })).json()).toBeNull();
  });

  it('logout deletes the session row and clears the cookie', async () => {
    const user = await newUser(testApp.db());
    const client = await signedInClient(testApp.app(), testApp.db(), user);
    const response = await client.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(204);
    expect(await testApp.db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await client.inject({ method: 'GET', url: '/api/auth/user' })).json()).toBeNull();
  });
});
