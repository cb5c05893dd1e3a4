import { describe, expect, it } from 'vitest';
import { errorCodes } from '@app/shared/errors';
import { referralOverviewSchema, referralTexts, type ReferralOverview } from '@app/shared/referral';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newReferralApplication, newSubscription } from '../../../test/factories/referrals.js';
import { newUser } from '../../../test/factories/users.js';
import { signedInClient, TestClient } from '../../../test/test-client.js';
import { type NewSubscriptionRow, type NewUserRow, type UserRow } from '../../db/schema/index.js';

const day = 24 * 60 * 60 * 1000;

describe.each(testDatabaseKinds())('GET /api/referral/me (%s)', (kind) => {
  const testApp = useTestApp(kind);
  const { db } = testApp;

  async function overviewOf(user: UserRow): Promise<ReferralOverview> {
    const client = await signedInClient(testApp.app(), db(), user);
    const response = await client.inject({ method: 'GET', url: '/api/referral/me' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return referralOverviewSchema.parse(response.json());
  }

  /** Applies through the public apply call as the person themself (their session proves it). */
  async function referVia(referrer: UserRow, overrides: Partial<NewUserRow> = {}) {
    const person = await newUser(db(), overrides);
    const response = await (
      await signedInClient(testApp.app(), db(), person)
    ).inject({
      method: 'POST',
      url: '/api/referral/apply',
      payload: { referralCode: referrer.referralCode, applicant: { email: person.email } },
    });
    expect(response.statusCode, response.body).toBe(200);
    return { person, status: response.json<{ status: string }>().status };
  }

  const subscribe = (user: UserRow, status: NewSubscriptionRow['status'], plan: 'starter' | 'pro' = 'pro') =>
    newSubscription(db(), { userId: user.id, plan, status });

  it('answers 401 signed out and 403 with the shared text to Free and Starter users', async () => {
    const signedOut = await new TestClient(testApp.app()).inject({ method: 'GET', url: '/api/referral/me' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ code: errorCodes.unauthorized });

    for (const tier of ['free', 'starter'] as const) {
      const client = await signedInClient(testApp.app(), db(), await newUser(db(), { tier }));
      const response = await client.inject({ method: 'GET', url: '/api/referral/me' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: referralTexts.proOnly, code: errorCodes.forbidden });
    }
  });

  it('shows a new Pro user their own code, no one referred and no credit', async () => {
    const pro = await newUser(db(), { tier: 'pro' });
    expect(pro.referralCode).toMatch(/^[0-9A-F]{10}$/);
    expect(await overviewOf(pro)).toEqual({
      code: pro.referralCode,
      counts: { signedUp: 0, linked: 0 },
      earnings: {
        plan: 'pro',
        creditPerReferralCents: 2499,
        rewardedReferrals: 0,
        totalCreditCents: 0,
        currency: 'usd',
      },
      referrals: [],
    });
  });

  it('counts sign-ups and links, and credits only linked creators who started a paid plan, once each', async () => {
    const referrer = await newUser(db(), { tier: 'pro' });

    const paying = await referVia(referrer, { displayName: 'Ada Lovelace' });
    await subscribe(paying.person, 'active');
    // A second subscription of the same creator must not credit twice.
    await subscribe(paying.person, 'canceled', 'starter');
    const free = await referVia(referrer);
    const neverPaid = await referVia(referrer);
    await subscribe(neverPaid.person, 'incomplete');
    const refunded = await referVia(referrer);
    await subscribe(refunded.person, 'refunded');
    const cancelled = await referVia(referrer);
    await subscribe(cancelled.person, 'canceled', 'starter');
    const old = await referVia(referrer, { createdAt: new Date(Date.now() - 30 * day) });
    await subscribe(old.person, 'active', 'starter');
    const rejected = await newUser(db());
    await subscribe(rejected, 'active');
    await newReferralApplication(db(), { referrer, applicant: rejected, status: 'rejected' });
    // Applied before their account existed: only an address so far.
    await new TestClient(testApp.app()).inject({
      method: 'POST',
      url: '/api/referral/apply',
      payload: { referralCode: referrer.referralCode, applicant: { email: 'zed.later@example.com' } },
    });
    // Linked without an application record (e.g. an older link): still the referrer's.
    const linkedDirectly = await newUser(db(), { referredByUserId: referrer.id });
    await subscribe(linkedDirectly, 'past_due', 'starter');

    expect([paying, free, neverPaid, refunded, cancelled].map((r) => r.status)).toEqual(
      Array(5).fill('linked'),
    );
    expect(old.status).toBe('pending_review');

    const overview = await overviewOf(referrer);
    expect(overview.counts).toEqual({ signedUp: 9, linked: 6 });
    expect(overview.earnings).toEqual({
      plan: 'pro',
      creditPerReferralCents: 2499,
      rewardedReferrals: 3,
      totalCreditCents: 3 * 2499,
      currency: 'usd',
    });
    const byName = new Map(overview.referrals.map((person) => [person.name, person]));
    const masked = (user: UserRow) => `c***@${user.email.split('@')[1]}`;
    expect(byName.get('Ada Lovelace')).toMatchObject({
      status: 'linked',
      currentPlan: 'pro',
      earnsCredit: true,
    });
    expect(overview.referrals.find((p) => p.id === linkedDirectly.id)).toMatchObject({
      name: masked(linkedDirectly),
      status: 'linked',
      currentPlan: 'starter',
      earnsCredit: true,
    });
    const statusesOf = (earns: boolean) =>
      overview.referrals
        .filter((person) => person.earnsCredit === earns)
        .map((person) => [person.status, person.currentPlan])
        .sort();
    expect(statusesOf(true)).toEqual(
      [
        ['linked', 'pro'],
        ['linked', 'starter'],
        ['linked', null],
      ].sort(),
    );
    expect(statusesOf(false)).toEqual(
      [
        ['linked', null],
        ['linked', null],
        ['linked', null],
        ['pending_review', 'starter'],
        ['pending_review', null],
        ['rejected', 'pro'],
      ].sort(),
    );
    expect(byName.get('z***@example.com')).toMatchObject({ status: 'pending_review', currentPlan: null });
    // Joined dates are the accounts' own, newest first; the 30-day-old account comes last.
    expect(overview.referrals.at(-1)!.joinedAt).toBe(old.person.createdAt.toISOString());
    // Addresses never leave in full.
    const body = JSON.stringify(overview);
    for (const user of [free.person, old.person, rejected, linkedDirectly])
      expect(body).not.toContain(user.email);
    expect(body).not.toContain('zed.later');
  });

  it("pays the referrer's own plan's price per rewarded creator, admins included", async () => {
    const admin = await newUser(db(), { isAdmin: true, tier: 'starter' });
    const { person } = await referVia(admin);
    await subscribe(person, 'active');
    expect((await overviewOf(admin)).earnings).toEqual({
      plan: 'starter',
      creditPerReferralCents: 1399,
      rewardedReferrals: 1,
      totalCreditCents: 1399,
      currency: 'usd',
    });
  });

  it("never shows one referrer another's referrals", async () => {
    const first = await newUser(db(), { tier: 'pro' });
    const second = await newUser(db(), { tier: 'pro' });
    const mine = await referVia(first, { displayName: 'First Friend' });
    await subscribe(mine.person, 'active');
    const theirs = await referVia(second, { displayName: 'Second Friend' });
    await subscribe(theirs.person, 'active');
    // Someone who tried the second code after being linked to the first stays the first's.
    await (
      await signedInClient(testApp.app(), db(), mine.person)
    ).inject({
      method: 'POST',
      url: '/api/referral/apply',
      payload: { referralCode: second.referralCode, applicant: { email: mine.person.email } },
    });

    const firstView = await overviewOf(first);
    const secondView = await overviewOf(second);
    expect(firstView.referrals.map((person) => person.name)).toEqual(['First Friend']);
    expect(secondView.referrals.map((person) => person.name)).toEqual(['Second Friend']);
    expect(firstView.code).toBe(first.referralCode);
    expect(secondView.code).toBe(second.referralCode);
    expect(firstView.earnings.totalCreditCents).toBe(2499);
    expect(secondView.earnings.totalCreditCents).toBe(2499);
  });
});
