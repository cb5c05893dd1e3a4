import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountErrorCodes, accountMessages } from '@app/shared/account';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { StripeStandIn } from '../../../test/stand-ins/stripe.js';
import { signedInClient, TestClient } from '../../../test/test-client.js';
import { subscriptions } from '../../db/schema/index.js';
import { sessionCookieName } from '../auth/session-token.js';
import { useMediaApp } from '../media/media.test-support.js';
import {
  ownedRowCounts,
  seedAccount,
  tablesMentioning,
  testPassword,
  type SeededAccount,
} from './account.test-support.js';
import { ownedTables } from './owned-data.js';

const deleteAccount = (client: TestClient, payload: object | undefined) =>
  client.inject({ method: 'DELETE', url: '/api/user/account', ...(payload ? { payload } : {}) });

const storageKinds = ['local', 's3'] as const;
const cases = testDatabaseKinds().flatMap((db) => storageKinds.map((storage) => [db, storage] as const));

describe.each(cases)('DELETE /api/user/account (%s database, %s storage)', (dbKind, storageKind) => {
  // Filled before the app starts: useMediaApp reads the environment in its own beforeAll.
  const environment: Record<string, string> = {};
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await StripeStandIn.start();
    Object.assign(environment, { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_API_BASE: stripe.baseUrl });
    return () => stripe.close();
  });
  const media = useMediaApp(dbKind, storageKind, environment);
  const context = () => ({ app: media.app, db: media.db, config: media.config });

  /** A paid, active Stripe subscription for the account, made through the real checkout call. */
  async function subscribe(account: SeededAccount) {
    const response = await account.client.inject({
      method: 'POST',
      url: '/api/create-subscription',
      payload: { plan: 'pro', amount: 2499 },
    });
    expect(response.statusCode).toBe(200);
    const { subscriptionId } = response.json<{ subscriptionId: string }>();
    await media.db
      .update(subscriptions)
      .set({ status: 'active' })
      .where(eq(subscriptions.stripeSubscriptionId, subscriptionId));
    stripe.subscriptions.get(subscriptionId)!.status = 'active';
    return subscriptionId;
  }

  const keysOf = async (userId: string) =>
    (await media.storedKeys()).filter((key) => key.startsWith(`${userId}/`));

  it('removes every row and every stored file of the user, cancels Stripe, signs them out everywhere, and leaves others untouched', async () => {
    const referrer = await newUser(media.db);
    const doomed = await seedAccount(context(), { referrer });
    const bystander = await seedAccount(context(), { referrer: doomed.user });
    const doomedSubscription = await subscribe(doomed);
    const bystanderSubscription = await subscribe(bystander);

    const before = await ownedRowCounts(media.db, doomed.user);
    // The fixture really covers every owned table; otherwise "0 afterwards" would prove nothing.
    for (const name of Object.keys(ownedTables))
      expect(before[name], `no ${name} row was seeded`).toBeGreaterThan(0);
    const doomedKeys = await keysOf(doomed.user.id);
    expect(doomedKeys.length).toBeGreaterThanOrEqual(5); // 2 originals, 2 thumbnails, a protected copy, an orphan
    const bystanderBefore = await ownedRowCounts(media.db, bystander.user);
    const bystanderKeys = await keysOf(bystander.user.id);

    const response = await deleteAccount(doomed.client, { password: testPassword, confirmation: 'delete' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: accountMessages.accountDeleted, redirectTo: '/' });
    expect(response.cookies.find((cookie) => cookie.name === sessionCookieName)?.value).toBe('');

    const after = await ownedRowCounts(media.db, doomed.user);
    expect(after).toEqual(Object.fromEntries(Object.keys(ownedTables).map((name) => [name, 0])));
    expect(await tablesMentioning(media.db, doomed.markers)).toEqual([]);
    expect(await tablesMentioning(media.db, bystander.markers)).not.toEqual([]);
    expect(await keysOf(doomed.user.id)).toEqual([]);
    expect(stripe.subscriptions.get(doomedSubscription)!.status).toBe('canceled');
    expect(stripe.requestsTo('DELETE', `/v1/subscriptions/${doomedSubscription}`)).toHaveLength(1);
    expect([...stripe.customers.values()].filter((customer) => customer.email === doomed.user.email)).toEqual(
      [],
    );

    // The bystander loses only the link to the deleted referrer, nothing of their own.
    const bystanderAfter = await ownedRowCounts(media.db, bystander.user);
    expect(bystanderAfter).toEqual(bystanderBefore);
    expect(await keysOf(bystander.user.id)).toEqual(bystanderKeys);
    expect(stripe.subscriptions.get(bystanderSubscription)!.status).toBe('active');
    expect(
      [...stripe.customers.values()].filter((customer) => customer.email === bystander.user.email),
    ).toHaveLength(1);
    const list = await bystander.client.inject({ method: 'GET', url: '/api/media' });
    expect(list.statusCode).toBe(200);
    const fetched = await bystander.client.inject({ method: 'GET', url: bystander.assets[0]!.downloadUrl });
    expect(fetched.statusCode).toBe(200);

    // Every session is gone: the browser that deleted, the second browser, and its access token.
    expect((await doomed.client.inject({ method: 'GET', url: '/api/auth/user' })).json()).toBeNull();
    const secondBrowser = new TestClient(media.app);
    secondBrowser.setCookie(sessionCookieName, doomed.otherSession.cookie);
    expect((await secondBrowser.inject({ method: 'GET', url: '/api/user/export' })).statusCode).toBe(401);
    const bearer = await media.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${doomed.otherSession.accessToken}` },
    });
    expect(bearer.statusCode).toBe(401);
    // Their old links no longer serve the file.
    expect(
      (await bystander.client.inject({ method: 'GET', url: doomed.assets[0]!.downloadUrl })).statusCode,
    ).toBe(404);
  });

  it('deletes nothing when Stripe fails to cancel, and says to try again (502)', async () => {
    const account = await seedAccount(context());
    await subscribe(account);
    const before = await ownedRowCounts(media.db, account.user);
    const keys = await keysOf(account.user.id);

    stripe.answerNext('error500', 'error500');
    const response = await deleteAccount(account.client, { password: testPassword, confirmation: 'DELETE' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      message: accountMessages.paymentCancelFailed,
      code: accountErrorCodes.paymentCancelFailed,
    });
    // The right password clears the account's earlier login failures, as a login does; all else stays.
    expect(await ownedRowCounts(media.db, account.user)).toEqual({ ...before, login_attempts: 0 });
    expect(await keysOf(account.user.id)).toEqual(keys);
    expect((await account.client.inject({ method: 'GET', url: '/api/auth/user' })).json()).toMatchObject({
      id: account.user.id,
    });

    // Trying again works.
    const retry = await deleteAccount(account.client, { password: testPassword, confirmation: 'DELETE' });
    expect(retry.statusCode).toBe(200);
    expect(await keysOf(account.user.id)).toEqual([]);
  });

  it('deletes a Stripe customer made for a payment page that was never paid', async () => {
    const account = await seedAccount(context());
    const link = await account.client.inject({
      method: 'POST',
      url: '/api/billing/payment-link',
      payload: { plan: 'starter' },
    });
    expect(link.statusCode).toBe(200);
    const customers = () =>
      [...stripe.customers.values()].filter((customer) => customer.email === account.user.email);
    expect(customers()).toHaveLength(1);
    const response = await deleteAccount(account.client, { password: testPassword, confirmation: 'DELETE' });
    expect(response.statusCode).toBe(200);
    expect(customers()).toEqual([]);
  });

  it('needs the password of a password account, and counts wrong guesses like logins', async () => {
    const account = await seedAccount(context());
    const missing = await deleteAccount(account.client, { confirmation: 'DELETE' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: accountMessages.passwordRequiredForDelete,
      code: accountErrorCodes.passwordRequired,
      field: 'password',
    });
    const wrong = await deleteAccount(account.client, {
      password: 'Wrong-password-1',
      confirmation: 'DELETE',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      message: accountMessages.wrongPassword,
      code: accountErrorCodes.wrongPassword,
    });
    for (let i = 0; i < 4; i += 1)
      await deleteAccount(account.client, { password: `Wrong-password-${i}`, confirmation: 'DELETE' });
    const throttled = await deleteAccount(account.client, { password: testPassword, confirmation: 'DELETE' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
    expect((await ownedRowCounts(media.db, account.user)).users).toBeGreaterThan(0);
  });

  it('asks for the typed confirmation, and a social-only account deletes with it alone', async () => {
    const social = await newUser(media.db, { passwordHash: null });
    const client = await signedInClient(media.app, media.db, social);
    const wrongWord = await deleteAccount(client, { confirmation: 'yes please' });
    expect(wrongWord.statusCode).toBe(400);
    expect(wrongWord.json()).toMatchObject({
      message: accountMessages.confirmationRequired,
      field: 'confirmation',
    });
    const noBody = await deleteAccount(client, undefined);
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toMatchObject({
      field: 'confirmation',
      message: `confirmation: ${accountMessages.confirmationRequired}`,
    });
    const extra = await deleteAccount(client, { confirmation: 'DELETE', everything: true });
    expect(extra.statusCode).toBe(400);

    const deleted = await deleteAccount(client, { confirmation: ' delete ' });
    expect(deleted.statusCode).toBe(200);
    expect((await ownedRowCounts(media.db, social)).users).toBe(0);
  });

  it('refuses without CSRF token and without a session', async () => {
    const account = await seedAccount(context());
    const noCsrf = await account.client.inject(
      {
        method: 'DELETE',
        url: '/api/user/account',
        payload: { password: testPassword, confirmation: 'DELETE' },
      },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
    const anonymous = await deleteAccount(new TestClient(media.app), { confirmation: 'DELETE' });
    expect(anonymous.statusCode).toBe(401);
    expect((await ownedRowCounts(media.db, account.user)).users).toBeGreaterThan(0);
  });
});
