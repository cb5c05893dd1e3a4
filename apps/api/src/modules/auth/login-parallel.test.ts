import { describe, expect, it, vi } from 'vitest';
import { useTestApp, type UsedTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { AddressedClient, createAccount, login } from './auth-test-support.js';
import { maxLoginFailures } from './login-throttle.js';

// Counts every argon2 verification (real or against the stand-in hash) while still running it:
// the lockout must stop guesses before the password is checked, however many arrive at once.
const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...argon2,
    verify: (hashed: string, password: string) => {
      verifications.count++;
      return argon2.verify(hashed, password);
    },
  };
});

const parallelGuesses = 30;

/** Fetches every client's CSRF token first, so the logins themselves really start together. */
async function readyClients(testApp: UsedTestApp, count: number, shared?: AddressedClient) {
  const clients = shared ? [shared] : Array.from({ length: count }, () => new AddressedClient(testApp.app()));
  await Promise.all(clients.map((client) => client.fetchCsrfToken()));
  return Array.from({ length: count }, (_, i) => clients[i % clients.length]!);
}

describe.each(testDatabaseKinds())('login lockout under parallel guesses (%s)', (kind) => {
  const testApp = useTestApp(kind);

  it(`checks at most ${maxLoginFailures} passwords of one account when ${parallelGuesses} guesses arrive at once`, async () => {
    const account = await createAccount(testApp.db());
    const clients = await readyClients(testApp, parallelGuesses);
    verifications.count = 0;
    const answers = await Promise.all(
      clients.map((client) => login(client, account.username, 'Wrong-pass1')),
    );

    expect(verifications.count).toBe(maxLoginFailures);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(maxLoginFailures);
    expect(refused).toHaveLength(parallelGuesses - maxLoginFailures);
    for (const answer of refused) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    // The right password is refused too until the window passes: the account is really locked.
    expect((await login(new AddressedClient(testApp.app()), account.username)).statusCode).toBe(429);
  });

  it(`checks at most ${maxLoginFailures} passwords from one address guessing ${parallelGuesses} names at once`, async () => {
    const attacker = new AddressedClient(testApp.app());
    const clients = await readyClients(testApp, parallelGuesses, attacker);
    verifications.count = 0;
    const answers = await Promise.all(
      clients.map((client, i) =>
        login(client, `parallel_${i}_${attacker.ip.replaceAll('.', '_')}`, 'Wrong-pass1'),
      ),
    );

    expect(verifications.count).toBe(maxLoginFailures);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(parallelGuesses - maxLoginFailures);
    for (const answer of refused) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  });
});
