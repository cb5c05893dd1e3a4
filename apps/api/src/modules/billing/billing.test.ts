import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { billingErrorCodes, billingMessages, billingTexts } from '@app/shared/billing';
import { buildTestApp } from '../../../test/build-test-app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { signedInClient, TestClient } from '../../../test/test-client.js';
import { subscriptions } from '../../db/schema/index.js';
import { priceLookupKey } from '../../adapters/stripe/stripe-gateway.js';
import { publishableKey, useBillingApp, subscriptionRows, tierOf } from './billing.test-support.js';

describe.each(testDatabaseKinds())('billing calls (%s)', (kind) => {
  const context = useBillingApp(kind);
  beforeEach(() => {
    context.stripe.requests.length = 0;
  });

  const signIn = async (overrides: Parameters<typeof newUser>[1] = {}) => {
    const user = await newUser(context.testApp.database.db, overrides);
    return { user, client: await signedInClient(context.testApp.app, context.testApp.database.db, user) };
  };
  const markActive = (id: string) =>
    context.testApp.database.db
      .update(subscriptions)
      .set({ status: 'active' })
      .where(eq(subscriptions.id, id));
  const subscribe = (client: TestClient, payload: object) =>
    client.inject({ method: 'POST', url: '/api/create-subscription', payload });

  it("creates the customer and an incomplete subscription for the plan's price and answers its client secret", async () => {
    const { user, client } = await signIn();
    const response = await subscribe(client, { plan: 'starter', amount: 1399 });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ plan: 'starter', amount: 1399, currency: 'usd' });

    const created = context.stripe.subscriptions.get(body.subscriptionId)!;
    expect(created).toBeDefined();
    const invoice = created.latest_invoice as { confirmation_secret: { client_secret: string } };
    expect(body.clientSecret).toBe(invoice.confirmation_secret.client_secret);

    const [customerCall] = context.stripe.requestsTo('POST', '/v1/customers');
    expect(customerCall?.body).toMatchObject({ email: user.email, metadata: { userId: user.id } });
    const [subscriptionCall] = context.stripe.requestsTo('POST', '/v1/subscriptions');
    expect(subscriptionCall?.body).toMatchObject({
      payment_behavior: 'default_incomplete',
      metadata: { userId: user.id, plan: 'starter' },
      expand: { '0': 'latest_invoice.confirmation_secret' },
    });
    const price = context.stripe.prices.get(
      (subscriptionCall?.body.items as Record<string, { price: string }>)['0']!.price,
    )!;
    expect(price).toMatchObject({
      unit_amount: 1399,
      currency: 'usd',
      lookup_key: priceLookupKey('starter'),
    });

    const rows = await subscriptionRows(context.testApp, user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      plan: 'starter',
      status: 'incomplete',
      amountCents: 1399,
      stripeSubscriptionId: body.subscriptionId,
    });
    // Paying is not done yet: only the webhook changes the tier.
    expect(await tierOf(context.testApp, user.id)).toBe('free');
  });

  it('reuses the customer for a second plan', async () => {
    const { user, client } = await signIn();
    expect((await subscribe(client, { plan: 'starter', amount: 1399 })).statusCode).toBe(200);
    expect((await subscribe(client, { plan: 'pro', amount: 2499 })).statusCode).toBe(200);
    expect(context.stripe.requestsTo('POST', '/v1/customers')).toHaveLength(1);
    const customers = new Set(
      (await subscriptionRows(context.testApp, user.id)).map((row) => row.stripeCustomerId),
    );
    expect(customers.size).toBe(1);
  });

  it('creates each plan price once; another server process finds it by its lookup key', async () => {
    const { client } = await signIn();
    expect((await subscribe(client, { plan: 'pro', amount: 2499 })).statusCode).toBe(200);
    const secondServer = await buildTestApp(kind, {
      STRIPE_SECRET_KEY: context.stripe.secretKey,
      STRIPE_API_BASE: context.stripe.baseUrl,
    });
    try {
      const other = await signedInClient(
        secondServer.app,
        secondServer.database.db,
        await newUser(secondServer.database.db),
      );
      expect(
        (
          await other.inject({
            method: 'POST',
            url: '/api/create-subscription',
            payload: { plan: 'pro', amount: 2499 },
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await secondServer.close();
    }
    const proPrices = [...context.stripe.prices.values()].filter(
      (price) => price.lookup_key === priceLookupKey('pro'),
    );
    expect(proPrices).toHaveLength(1);
    expect(proPrices[0]?.unit_amount).toBe(2499);
    const lookups = context.stripe.requestsTo('GET', '/v1/prices');
    expect(lookups.at(-1)?.query).toMatchObject({ lookup_keys: { '0': priceLookupKey('pro') } });
  });

  it('resumes the unpaid subscription when the checkout page is loaded again, instead of stacking new ones', async () => {
    const { user, client } = await signIn();
    const first = (await subscribe(client, { plan: 'starter', amount: 1399 })).json();
    const again = await subscribe(client, { plan: 'starter', amount: 1399 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    expect(context.stripe.requestsTo('POST', '/v1/subscriptions')).toHaveLength(1);
    expect(context.stripe.requestsTo('GET', `/v1/subscriptions/${first.subscriptionId}`)).toHaveLength(1);
    expect(await subscriptionRows(context.testApp, user.id)).toHaveLength(1);

    // Once Stripe has expired it, a new one is started.
    context.stripe.subscriptions.get(first.subscriptionId)!.status = 'incomplete_expired';
    const fresh = (await subscribe(client, { plan: 'starter', amount: 1399 })).json();
    expect(fresh.subscriptionId).not.toBe(first.subscriptionId);
    expect(fresh.clientSecret).not.toBe(first.clientSecret);
    // Another plan is another subscription.
    const pro = (await subscribe(client, { plan: 'pro', amount: 2499 })).json();
    expect(pro.subscriptionId).not.toBe(fresh.subscriptionId);
    expect(await subscriptionRows(context.testApp, user.id)).toHaveLength(3);
  });

  it('finds a customer Stripe already has for the user instead of creating another', async () => {
    const { user, client } = await signIn();
    const link = await client.inject({
      method: 'POST',
      url: '/api/billing/payment-link',
      payload: { plan: 'starter' },
    });
    expect(link.statusCode).toBe(200);
    expect(await subscribe(client, { plan: 'starter', amount: 1399 })).toMatchObject({ statusCode: 200 });
    expect(context.stripe.requestsTo('POST', '/v1/customers')).toHaveLength(1);
    const [row] = await subscriptionRows(context.testApp, user.id);
    expect(context.stripe.customers.get(row!.stripeCustomerId!)?.metadata).toEqual({ userId: user.id });
  });

  it('never trusts the amount: a wrong one is refused with the real price and Stripe is not asked', async () => {
    const { client } = await signIn();
    const response = await subscribe(client, { plan: 'starter', amount: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: billingErrorCodes.priceMismatch,
      message: expect.stringContaining("the Starter plan's price of $13.99 a month"),
    });
    const proAtStarterPrice = await subscribe(client, { plan: 'pro', amount: 1399 });
    expect(proAtStarterPrice.json().message).toContain('$24.99');
    expect(context.stripe.requests).toHaveLength(0);
  });

  it.each([
    [{ plan: 'enterprise', amount: 1399 }, 'plan: Plan must be starter or pro'],
    [{ plan: 'starter' }, 'amount: Amount must be the plan price in cents'],
    [{ plan: 'starter', amount: '1399' }, 'amount: Amount must be the plan price in cents'],
    [{ plan: 'starter', amount: 13.99 }, 'amount: Amount must be a whole number of cents'],
    [{ plan: 'starter', amount: 1399, coupon: 'FREE' }, 'coupon: this field is not allowed'],
  ])('refuses %j with a 400 that says what to fix', async (payload, message) => {
    const { client } = await signIn();
    const response = await subscribe(client, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(context.stripe.requests).toHaveLength(0);
  });

  it('answers 409 when the user already pays for that plan', async () => {
    const { user, client } = await signIn();
    await subscribe(client, { plan: 'starter', amount: 1399 });
    const [row] = await subscriptionRows(context.testApp, user.id);
    await markActive(row!.id);
    const again = await subscribe(client, { plan: 'starter', amount: 1399 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: billingErrorCodes.alreadySubscribed,
      message: expect.stringContaining('active Starter subscription'),
    });
    const link = await client.inject({
      method: 'POST',
      url: '/api/billing/payment-link',
      payload: { plan: 'starter' },
    });
    expect(link.statusCode).toBe(409);
    // Another plan is a switch of this subscription, not a second one.
    const pro = await subscribe(client, { plan: 'pro', amount: 2499 });
    expect(pro.statusCode).toBe(409);
    expect(pro.json()).toEqual({
      code: billingErrorCodes.planChangeRequired,
      message: billingMessages.planChangeRequired('Starter', 'Pro'),
    });
    const proLink = await client.inject({
      method: 'POST',
      url: '/api/billing/payment-link',
      payload: { plan: 'pro' },
    });
    expect(proLink.json().code).toBe(billingErrorCodes.planChangeRequired);
    expect(context.stripe.requestsTo('POST', '/v1/subscriptions')).toHaveLength(1);
  });

  it('answers a hosted payment URL for the plan, tied to the user and returning to the dashboard', async () => {
    const { user, client } = await signIn();
    const response = await client.inject({
      method: 'POST',
      url: '/api/billing/payment-link',
      payload: { plan: 'pro' },
    });
    expect(response.statusCode).toBe(200);
    const { paymentUrl } = response.json<{ paymentUrl: string }>();
    const session = [...context.stripe.sessions.values()].find((candidate) => candidate.url === paymentUrl);
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.id,
      subscription_data: { metadata: { userId: user.id, plan: 'pro' } },
      success_url: `${context.testApp.config.publicUrl}/dashboard?payment=success&plan=pro`,
    });
    const price = context.stripe.prices.get(
      (session!.line_items as Record<string, { price: string }>)['0']!.price,
    );
    expect(price?.unit_amount).toBe(2499);
    expect(await tierOf(context.testApp, user.id)).toBe('free');
    const bad = await client.inject({
      method: 'POST',
      url: '/api/billing/payment-link',
      payload: { plan: 'free' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('plan: Plan must be starter or pro');
  });

  it('answers 503 with a try-again message when Stripe fails, and stores nothing', async () => {
    const { user, client } = await signIn();
    // The SDK retries once; both attempts fail.
    context.stripe.answerNext('error500', 'error500');
    const response = await subscribe(client, { plan: 'starter', amount: 1399 });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: billingErrorCodes.providerUnavailable,
      message: expect.stringContaining('try again'),
    });
    expect(await subscriptionRows(context.testApp, user.id)).toHaveLength(0);
    // The next attempt works.
    expect((await subscribe(client, { plan: 'starter', amount: 1399 })).statusCode).toBe(200);
  });

  it('answers 502 without details when Stripe refuses our key, and never leaks the key', async () => {
    const { client } = await signIn();
    context.stripe.answerNext('unauthorized');
    const response = await client.inject({
      method: 'POST',
      url: '/api/billing/payment-link',
      payload: { plan: 'starter' },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toContain('try again');
    expect(response.body).not.toContain('sk_');
  });

  it("shows only the caller's own subscription", async () => {
    const owner = await signIn();
    const other = await signIn({ tier: 'free' });
    await subscribe(owner.client, { plan: 'starter', amount: 1399 });
    const [row] = await subscriptionRows(context.testApp, owner.user.id);
    await markActive(row!.id);

    const mine = await owner.client.inject({ method: 'GET', url: '/api/subscription' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().subscription).toMatchObject({ plan: 'starter', status: 'active', amount: 1399 });
    const theirs = await other.client.inject({ method: 'GET', url: '/api/subscription' });
    expect(theirs.json()).toEqual({ subscription: null, tier: 'free' });
  });

  it('refuses signed-out callers with 401 and state changes without a CSRF token with 403', async () => {
    const anonymous = new TestClient(context.testApp.app);
    for (const [method, url, payload] of [
      ['POST', '/api/create-subscription', { plan: 'starter', amount: 1399 }],
      ['POST', '/api/billing/payment-link', { plan: 'starter' }],
      ['GET', '/api/subscription', undefined],
    ] as const) {
      const response = await anonymous.inject({ method, url, payload });
      expect(response.statusCode).toBe(401);
    }
    const { client } = await signIn();
    const noCsrf = await client.inject(
      { method: 'POST', url: '/api/create-subscription', payload: { plan: 'starter', amount: 1399 } },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect(context.stripe.requests).toHaveLength(0);
  });

  it('tells the browser the publishable key, and nothing secret', async () => {
    const response = await new TestClient(context.testApp.app).inject({
      method: 'GET',
      url: '/api/billing/config',
    });
    expect(response.json()).toEqual({ configured: true, publishableKey });
    expect(response.body).not.toContain(context.stripe.secretKey);
  });
});

describe.each(testDatabaseKinds())('billing without Stripe (%s)', (kind) => {
  const testApp = useTestApp(kind);

  it("answers 503 PAYMENT_NOT_CONFIGURED, which the checkout page shows as 'Payment System Not Configured'", async () => {
    const user = await newUser(testApp.db());
    const client = await signedInClient(testApp.app(), testApp.db(), user);
    const subscription = await client.inject({
      method: 'POST',
      url: '/api/create-subscription',
      payload: { plan: 'pro', amount: 2499 },
    });
    expect(subscription.statusCode).toBe(503);
    expect(subscription.json()).toMatchObject({
      code: billingErrorCodes.notConfigured,
      message: expect.stringContaining(billingTexts.notConfiguredTitle),
    });
    const link = await client.inject({
      method: 'POST',
      url: '/api/billing/payment-link',
      payload: { plan: 'pro' },
    });
    expect(link.statusCode).toBe(503);
    expect(link.json().code).toBe(billingErrorCodes.notConfigured);
    // Reading one's own (empty) subscription needs no Stripe.
    const current = await client.inject({ method: 'GET', url: '/api/subscription' });
    expect(current.json()).toEqual({ subscription: null, tier: 'free' });
    const config = await client.inject({ method: 'GET', url: '/api/billing/config' });
    expect(config.json()).toEqual({ configured: false, publishableKey: null });
  });

  it('still checks the input first: a bad plan is a 400, not a 503', async () => {
    const client = await signedInClient(testApp.app(), testApp.db(), await newUser(testApp.db()));
    const response = await client.inject({
      method: 'POST',
      url: '/api/create-subscription',
      payload: { plan: 'gold', amount: 1 },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('billing when Stripe is unreachable', () => {
  it('answers 503 with a try-again message', async () => {
    // A port nobody listens on: the connection is refused.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as { port: number };
        server.close(() => resolve(free));
      });
    });
    const testApp = await buildTestApp('pglite', {
      STRIPE_SECRET_KEY: 'sk_test_unreachable',
      STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    });
    try {
      const client = await signedInClient(
        testApp.app,
        testApp.database.db,
        await newUser(testApp.database.db),
      );
      const response = await client.inject({
        method: 'POST',
        url: '/api/create-subscription',
        payload: { plan: 'starter', amount: 1399 },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        code: billingErrorCodes.providerUnavailable,
        message: expect.stringContaining('try again'),
      });
    } finally {
      await testApp.close();
    }
  });
});
