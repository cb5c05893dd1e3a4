import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app.js';
import { testDatabaseKinds } from '../../test/db/test-database.js';
import { newUser } from '../../test/factories/users.js';
import { signedInClient, type TestClient } from '../../test/test-client.js';

function expectCleanError(response: { statusCode: number; body: string }, status: number) {
  expect(response.statusCode).toBe(status);
  const body = JSON.parse(response.body) as Record<string, unknown>;
  expect(typeof body.message).toBe('string');
  expect(body).not.toHaveProperty('stack');
  expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
  return body;
}

describe.each(testDatabaseKinds())('bad input gets a clear 4xx (%s)', (kind) => {
  let client: TestClient;
  const testApp = useTestApp(kind, { env: { BODY_LIMIT_BYTES: '2048' } });
  beforeAll(async () => {
    client = await signedInClient(testApp.app(), testApp.db(), await newUser(testApp.db()));
  });

  const patchSettings = (payload: string, contentType = 'application/json') =>
    client.inject({
      method: 'PATCH',
      url: '/api/user/settings',
      payload,
      headers: { 'content-type': contentType },
    });

  it('malformed JSON', async () => {
    const body = expectCleanError(await patchSettings('{"theme": "dark",'), 400);
    expect(body.message).toBe('The request body is not valid JSON.');
  });

  it('wrong content type', async () => {
    const body = expectCleanError(await patchSettings('theme=dark', 'text/plain'), 415);
    expect(body.message).toMatch(/not supported/);
  });

  it('an oversized body', async () => {
    const body = expectCleanError(await patchSettings(JSON.stringify({ theme: 'x'.repeat(5000) })), 413);
    expect(body.message).toMatch(/too large/);
  });

  it('an unknown field is named', async () => {
    const body = expectCleanError(await patchSettings(JSON.stringify({ theme: 'dark', isAdmin: true })), 400);
    expect(body.field).toBe('isAdmin');
    expect(body.message).toContain('isAdmin');
  });

  it('a wrong value is named with the reason', async () => {
    const body = expectCleanError(await patchSettings(JSON.stringify({ theme: 'purple' })), 400);
    expect(body.field).toBe('theme');
    expect(body.message).toBe('theme: Theme must be light or dark');
  });

  it('a wrong type is named', async () => {
    const body = expectCleanError(await patchSettings(JSON.stringify({ notifications: 'yes' })), 400);
    expect(body.field).toBe('notifications');
  });

  it('a JSON value that is not an object', async () => {
    expectCleanError(await patchSettings('[1,2,3]'), 400);
    expectCleanError(await patchSettings('null'), 400);
  });

  it('an empty body declared as JSON', async () => {
    const body = expectCleanError(await patchSettings(''), 400);
    expect(body.code).toBe('INVALID_JSON');
  });

  it('a prototype-pollution attempt', async () => {
    expectCleanError(await patchSettings('{"__proto__": {"isAdmin": true}}'), 400);
  });

  it('a badly %-encoded address', async () => {
    const body = expectCleanError(await client.inject({ method: 'GET', url: '/api/%E0%A4%A' }), 400);
    expect(body.message).toMatch(/address is not valid/);
  });

  it('a bad UUID in the path is named', async () => {
    const response = await client.inject({ method: 'DELETE', url: '/api/content-generations/not-a-uuid' });
    const body = expectCleanError(response, 400);
    expect(body.field).toBe('id');
    expect(body.message).toBe('id: id must be a valid id (UUID)');
  });

  it('a bad query value is named', async () => {
    const response = await client.inject({ method: 'GET', url: '/api/content-generations?limit=1000' });
    const body = expectCleanError(response, 400);
    expect(body.field).toBe('limit');
  });

  it('nothing changed after the refused requests', async () => {
    const response = await client.inject({ method: 'GET', url: '/api/user/settings' });
    expect(response.json().settings.theme).toBe('light');
  });

  it('unknown /api paths answer a JSON 404', async () => {
    const body = expectCleanError(await client.inject({ method: 'GET', url: '/api/nope' }), 404);
    expect(body.code).toBe('NOT_FOUND');
  });
});
