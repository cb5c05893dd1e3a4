import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountLimitTexts } from '@app/shared/messages';
import type { LightMyRequestResponse } from 'fastify';
import { users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { AddressedClient, createAccount } from './auth-test-support.js';

const unique = () => Math.random().toString(36).slice(2, 10);
const hourSeconds = 3600;

/** A 429 that says what happened and when to come back, in the body and in Retry-After. */
function expectLimited(response: LightMyRequestResponse, message: (minutes: number) => string) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(hourSeconds);
  expect(response.json()).toMatchObject({
    message: message(Math.ceil(retryAfter / 60)),
    code: 'RATE_LIMITED',
  });
}

/** Runs the test on an app of its own and closes it, which waits for every mail still being prepared. */
async function withApp(kind: Parameters<typeof buildTestApp>[0], test: (testApp: TestApp) => Promise<void>) {
  const testApp = await buildTestApp(kind);
  try {
    await test(testApp);
  } finally {
    await testApp.close();
  }
  return testApp.sentMail;
}

describe.each(testDatabaseKinds())('limits on account requests that send mail (%s)', (kind) => {
  const post = (client: AddressedClient, url: string, payload: object) =>
    client.inject({ method: 'POST', url, payload });

  it('15 forgot-password requests for one address, from 15 networks, send 3 mails; an unknown address is refused alike', async () => {
    let email = '';
    const sent = await withApp(kind, async (testApp) => {
      email = (await createAccount(testApp.database.db)).email;
      const unknown = `nobody_${unique()}@example.com`;
      for (const address of [email, unknown]) {
        const answers = [];
        for (let i = 0; i < 15; i++)
          answers.push(
            await post(new AddressedClient(testApp.app), '/api/auth/forgot-password', { email: address }),
          );
        expect(answers.slice(0, 3).map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
        for (const answer of answers.slice(3)) expectLimited(answer, accountLimitTexts.mailsPerAddress);
      }
    });
    expect(sent.filter((mail) => mail.to === email)).toHaveLength(3);
  });

  it('resend-verification: 3 mails an hour per address, 10 requests an hour per network', async () => {
    let email = '';
    const sent = await withApp(kind, async (testApp) => {
      email = (await createAccount(testApp.database.db, { emailVerifiedAt: null })).email;
      for (let i = 0; i < 3; i++)
        expect(
          (await post(new AddressedClient(testApp.app), '/api/auth/resend-verification', { email }))
            .statusCode,
        ).toBe(200);
      expectLimited(
        await post(new AddressedClient(testApp.app), '/api/auth/resend-verification', {
          email: email.toUpperCase(),
        }),
        accountLimitTexts.mailsPerAddress,
      );

      const network = new AddressedClient(testApp.app);
      for (let i = 0; i < 10; i++) {
        const response = await post(network, '/api/auth/resend-verification', {
          email: `n${i}_${unique()}@example.com`,
        });
        expect(response.statusCode).toBe(200);
      }
      expectLimited(
        await post(network, '/api/auth/resend-verification', { email: `late_${unique()}@example.com` }),
        accountLimitTexts.mailRequestsPerIp,
      );
    });
    expect(sent.filter((mail) => mail.to === email)).toHaveLength(3);
  });

  it('signup: 10 an hour per network, then 429 and no account', async () => {
    await withApp(kind, async (testApp) => {
      const network = new AddressedClient(testApp.app);
      const signup = (name: string) =>
        post(network, '/api/auth/signup', {
          username: name,
          email: `${name}@example.com`,
          password: 'Secret123',
        });
      for (let i = 0; i < 10; i++) expect((await signup(`s${i}_${unique()}`)).statusCode).toBe(201);
      const late = `late_${unique()}`;
      expectLimited(await signup(late), accountLimitTexts.signupsPerIp);
      expect(await testApp.database.db.select().from(users).where(eq(users.username, late))).toEqual([]);
      // Another network is not affected.
      const other = `other_${unique()}`;
      const elsewhere = await post(new AddressedClient(testApp.app), '/api/auth/signup', {
        username: other,
        email: `${other}@example.com`,
        password: 'Secret123',
      });
      expect(elsewhere.statusCode).toBe(201);
    });
  });

  it('signup: 3 mails an hour per address, taken or not', async () => {
    const sent = await withApp(kind, async (testApp) => {
      const owner = await createAccount(testApp.database.db);
      for (let i = 0; i < 3; i++) {
        const name = `t${i}_${unique()}`;
        const response = await post(new AddressedClient(testApp.app), '/api/auth/signup', {
          username: name,
          email: owner.email,
          password: 'Secret123',
        });
        expect(response.statusCode).toBe(201);
      }
      const late = await post(new AddressedClient(testApp.app), '/api/auth/signup', {
        username: `late_${unique()}`,
        email: owner.email,
        password: 'Secret123',
      });
      expectLimited(late, accountLimitTexts.mailsPerAddress);
    });
    expect(sent).toHaveLength(3);
  });
});
