import { describe, expect, it, vi } from 'vitest';
import { authTexts } from '@app/shared/messages';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { AddressedClient, createAccount } from './auth-test-support.js';

// Holds every look-up of an account by e-mail until the test lets it go, and notes when it ran.
// The forgot-password answer must not wait for it: whatever the answer depends on is the same for
// an address with an account and one without, so it cannot take longer for either.
const lookups = vi.hoisted(() => {
  const state = {
    events: [] as string[],
    released: Promise.resolve(),
    release: () => {},
    hold() {
      state.events = [];
      state.released = new Promise<void>((resolve) => (state.release = resolve));
    },
  };
  return state;
});
vi.mock('./user.repo.js', async (importOriginal) => {
  const repo = await importOriginal<typeof import('./user.repo.js')>();
  return {
    ...repo,
    findUserByEmail: async (...args: Parameters<typeof repo.findUserByEmail>) => {
      // Only a deadlock breaker for code that waits for the look-up: the assertion is the order.
      await Promise.race([lookups.released, new Promise((resolve) => setTimeout(resolve, 3000))]);
      lookups.events.push('lookup');
      return repo.findUserByEmail(...args);
    },
  };
});

describe.each(testDatabaseKinds())(
  'forgot-password answers before anything depends on the address (%s)',
  (kind) => {
    const testApp = useTestApp(kind, { env: { PUBLIC_URL: 'https://studio.example' } });

    it('answers the same, before looking the address up, whether or not it has an account; only the account gets a mail', async () => {
      const account = await createAccount(testApp.db());
      const unknown = `nobody_${account.id.slice(0, 8)}@example.com`;
      const answers = [];
      for (const email of [account.email, unknown]) {
        const client = new AddressedClient(testApp.app());
        await client.fetchCsrfToken();
        lookups.hold();
        const response = await client.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email },
        });
        lookups.events.push('answered');
        lookups.release();
        await vi.waitFor(() => expect(lookups.events).toContain('lookup'));
        expect(lookups.events, email).toEqual(['answered', 'lookup']);
        answers.push({ status: response.statusCode, body: response.json() });
      }
      expect(answers[0]).toEqual({ status: 200, body: { message: authTexts.forgotPasswordNeutral } });
      expect(answers[1]).toEqual(answers[0]);

      await vi.waitFor(() =>
        expect(testApp.testApp().sentMail.map((mail) => mail.to)).toContain(account.email),
      );
      expect(testApp.testApp().sentMail.filter((mail) => mail.to === account.email)[0]!.text).toContain(
        'https://studio.example/reset-password?token=',
      );
      expect(testApp.testApp().sentMail.map((mail) => mail.to)).not.toContain(unknown);
    });
  },
);
