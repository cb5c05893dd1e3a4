import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app.js';
import { testDatabaseKinds } from '../../test/db/test-database.js';
import { newUser } from '../../test/factories/users.js';
import { signedInClient, type TestClient } from '../../test/test-client.js';

const boundary = '----regressionboundary';

/** Values the database refuses, and broken uploads, are the client's mistake: a 400 that says what to fix. */
describe.each(testDatabaseKinds())('errors the database or the upload parser raise (%s)', (kind) => {
  let admin: TestClient;
  const testApp = useTestApp(kind);
  beforeAll(async () => {
    admin = await signedInClient(
      testApp.app(),
      testApp.db(),
      await newUser(testApp.db(), { role: 'admin', isAdmin: true }),
    );
  });

  function expectBadRequest(
    response: { statusCode: number; json: () => unknown; body: string },
    message: RegExp,
  ) {
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { message: string; code: string };
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toMatch(message);
    expect(response.body).not.toMatch(/byte sequence|select|insert|drizzle/i);
  }

  it('a NUL character that reaches a PostgreSQL text comparison', async () => {
    const response = await admin.inject({ method: 'GET', url: '/api/admin/users?q=a%00b' });
    expectBadRequest(response, /cannot be stored \(such as a NUL character/);
  });

  it('a number too small for a real column (it would underflow)', async () => {
    const response = await admin.inject({
      method: 'POST',
      url: '/api/admin/communities',
      payload: {
        name: 'underflow_test',
        displayName: 'Underflow',
        category: 'cosplay',
        members: 5,
        engagementRate: 8.5e-155,
        growthTrend: 'up',
        competitionLevel: 'high',
        modActivity: 'active',
        promotionAllowed: 'no',
        verificationRequired: false,
      },
    });
    expectBadRequest(response, /too large or too small to store/);
  });

  it('a multipart upload cut off before its closing boundary', async () => {
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`;
    const response = await admin.inject({
      method: 'POST',
      url: '/api/imageshield/try',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expectBadRequest(response, /upload could not be read/);
  });

  it('a multipart upload declared without a boundary', async () => {
    const response = await admin.inject({
      method: 'POST',
      url: '/api/imageshield/try',
      payload: 'x',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expectBadRequest(response, /upload could not be read/);
  });
});
