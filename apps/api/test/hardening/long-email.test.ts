import { emailPattern, usernamePattern } from '@app/shared/auth';
import { validationMessages as m } from '@app/shared/messages';
import { describe, expect, it } from 'vitest';
import { TestClient } from '../test-client.js';
import { testDatabaseKinds } from '../db/test-database.js';
import { useTestApp } from '../use-test-app.js';
import { recordRegexRuns, superLinearReason } from './regex-recorder.js';

/** 200 KB: the old e-mail pattern spent about 97 s on an address this long (docs/decisions/022-hostile-input.md). */
const longAddress = `${'a'.repeat(200_000)}@x`;

/** Every route the audit reached the e-mail pattern through, with the message it must answer. */
const routes = [
  {
    url: '/api/auth/signup',
    payload: { username: 'longmail', email: longAddress, password: 'Secret123' },
    message: m.emailInvalid,
  },
  {
    url: '/api/auth/login',
    payload: { username: longAddress, password: 'Secret123' },
    message: m.loginIdentifierInvalid,
  },
  { url: '/api/auth/forgot-password', payload: { email: longAddress }, message: m.emailInvalid },
  { url: '/api/auth/resend-verification', payload: { email: longAddress }, message: m.emailInvalid },
  {
    url: '/api/referral/apply',
    payload: { referralCode: 'ABC', applicant: { email: longAddress } },
    message: m.emailInvalid,
  },
] as const;

describe.each(testDatabaseKinds())('an over-long e-mail address (%s)', (kind) => {
  const testApp = useTestApp(kind);

  async function send(client: TestClient, method: 'POST' | 'PATCH', url: string, payload: object) {
    const { result, runs } = await recordRegexRuns(() => client.inject({ method, url, payload }), {
      minInputLength: 255,
    });
    // Libraries scan the whole body too (JSON's __proto__ guard, for one): those are fine as long
    // as they are linear. What must not happen is an account pattern, or any super-linear one, on it.
    const accountPatterns = [emailPattern.source, usernamePattern.source];
    return {
      response: result,
      longRuns: runs.filter((run) => accountPatterns.includes(run.source) || superLinearReason(run)),
    };
  }

  it.each(routes)(
    'is refused by $url on its length, before any pattern sees it',
    async ({ url, payload, message }) => {
      const { response, longRuns } = await send(new TestClient(testApp.app()), 'POST', url, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
      expect(longRuns).toEqual([]);
    },
  );

  it('is refused by the profile e-mail change, before any pattern sees it', async () => {
    const { client } = await testApp.signedIn();
    const { response, longRuns } = await send(client, 'PATCH', '/api/user/profile', {
      email: longAddress,
      currentPassword: 'Secret123',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(m.emailInvalid);
    expect(longRuns).toEqual([]);
  });

  it('the recorder sees a long input that does reach a pattern, and judges the pattern', async () => {
    // Guards the test above: a recorder that saw nothing would make it pass vacuously.
    // eslint-disable-next-line regexp/no-super-linear-backtracking -- deliberately exponential, for the recorder to flag
    const { runs } = await recordRegexRuns(async () => /^(a+)+$/.test('a'.repeat(300)), {
      minInputLength: 255,
    });
    expect(runs).toHaveLength(1);
    expect(superLinearReason(runs[0]!)).toMatch(/exponential/);
    expect(superLinearReason({ source: '^[a-z]+$', flags: '' })).toBeNull();
  });
});
