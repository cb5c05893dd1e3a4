import { describe, expect, it } from 'vitest';
import { billingErrorCodes, billingMessages } from '@app/shared/billing';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { signedInClient, TestClient } from '../../../test/test-client.js';
import { priceLookupKey } from '../../adapters/stripe/stripe-gateway.js';
import {
  invoiceObject,
  sendWebhook,
  useBillingApp,
  stripeEvent,
  subscriptionRows,
  tierOf,
} from './billing.test-support.js';

const lifecycleCalls = [
  ['/api/subscription/change', { plan: 'pro' }],
  ['/api/subscription/cancel', {}],
  ['/api/subscription/resume', {}],
  ['/api/billing/portal', {}],
] as const;

describe.each(testDatabaseKinds())('subscription lifecycle (%s)', (kind) => {
  const context = useBillingApp(kind);

  const send = (event: object) => sendWebhook(context.testApp, event);
  const rowOf = async (userId: string) => (await subscriptionRows(context.testApp, userId))[0]!;
  const post = (client: TestClient, url: string, payload: object = {}) =>
    client.inject({ method: 'POST', url, payload });

  /** Checkout, then Stripe's invoice.paid: an active paid subscription, as after a real payment. */
  async function subscribed(plan: 'starter' | 'pro') {
    const user = await newUser(context.testApp.database.db);
    const client = await signedInClient(context.testApp.app, context.testApp.database.db, user);
    const started = await post(client, '/api/create-subscription', {
      plan,
      amount: plan === 'starter' ? 1399 : 2499,
    });
    expect(started.statusCode).toBe(200);
    const row = await rowOf(user.id);
    const ids = { subscriptionId: row.stripeSubscriptionId!, customerId: row.stripeCustomerId! };
    context.stripe.payLatestInvoice(ids.subscriptionId);
    await send(stripeEvent('invoice.paid', invoiceObject({ ...ids, metadata: { userId: user.id, plan } })));
    expect(await tierOf(context.testApp, user.id)).toBe(plan);
    return { user, client, ...ids };
  }

  /** The subscription exactly as the stand-in (Stripe) holds it now, for a customer.subscription.* event. */
  function stripeSubscription(id: string, change: (subscription: Record<string, any>) => void = () => {}) {
    const subscription = structuredClone(context.stripe.subscriptions.get(id)!) as Record<string, any>;
    subscription.latest_invoice = subscription.latest_invoice.id;
    change(subscription);
    return subscription;
  }

  it('switches Starter to Pro on the same Stripe subscription, prorated now; the tier follows the webhook only', async () => {
    const { user, client, subscriptionId, customerId } = await subscribed('starter');
    const subscriptionsCreated = context.stripe.requestsTo('POST', '/v1/subscriptions').length;
    const response = await post(client, '/api/subscription/change', { plan: 'pro' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ subscriptionId, plan: 'pro', status: 'active' });

    const [update] = context.stripe.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`);
    const inStripe = context.stripe.subscriptions.get(subscriptionId)!;
    const item = (
      inStripe.items as { data: Array<{ id: string; price: { lookup_key: string; unit_amount: number } }> }
    ).data;
    expect(update?.body).toMatchObject({
      items: { '0': { id: item[0]!.id } },
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
      metadata: { userId: user.id, plan: 'pro' },
    });
    // One subscription, one item, now on the Pro price; no second subscription was created.
    expect(item).toHaveLength(1);
    expect(item[0]!.price).toMatchObject({ lookup_key: priceLookupKey('pro'), unit_amount: 2499 });
    expect(context.stripe.requestsTo('POST', '/v1/subscriptions')).toHaveLength(subscriptionsCreated);
    expect((inStripe.latest_invoice as { amount_due: number }).amount_due).toBe(2499 - 1399);

    // Until Stripe confirms, nothing here changed.
    expect(await rowOf(user.id)).toMatchObject({ plan: 'starter', amountCents: 1399 });
    expect(await tierOf(context.testApp, user.id)).toBe('starter');

    await send(stripeEvent('customer.subscription.updated', stripeSubscription(subscriptionId)));
    expect(await subscriptionRows(context.testApp, user.id)).toHaveLength(1);
    expect(await rowOf(user.id)).toMatchObject({ plan: 'pro', amountCents: 2499, status: 'active' });
    expect(await tierOf(context.testApp, user.id)).toBe('pro');

    // The proration invoice's payment event still carries the old metadata: it must not switch back.
    await send(
      stripeEvent(
        'invoice.paid',
        invoiceObject({ subscriptionId, customerId, metadata: { userId: user.id, plan: 'starter' } }),
      ),
    );
    expect((await rowOf(user.id)).plan).toBe('pro');
    expect(await tierOf(context.testApp, user.id)).toBe('pro');
    const shown = await client.inject({ method: 'GET', url: '/api/subscription' });
    expect(shown.json()).toMatchObject({ subscription: { plan: 'pro', amount: 2499 }, tier: 'pro' });
  });

  it('switches Pro down to Starter; the webhook finds the plan by the price metadata when there is no lookup key', async () => {
    const { user, client, subscriptionId } = await subscribed('pro');
    expect((await post(client, '/api/subscription/change', { plan: 'starter' })).json()).toMatchObject({
      plan: 'starter',
    });
    const event = stripeSubscription(subscriptionId, (subscription) => {
      subscription.items.data[0].price.lookup_key = null;
      subscription.metadata = {};
    });
    expect(event.items.data[0].price.metadata).toEqual({ plan: 'starter' });
    await send(stripeEvent('customer.subscription.updated', event));
    expect(await rowOf(user.id)).toMatchObject({ plan: 'starter', amountCents: 1399 });
    expect(await tierOf(context.testApp, user.id)).toBe('starter');
  });

  it('answers 402 and keeps the plan when the card is declined for the prorated charge', async () => {
    const { user, client, subscriptionId } = await subscribed('starter');
    context.stripe.declineNextProration = true;
    const response = await post(client, '/api/subscription/change', { plan: 'pro' });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      code: billingErrorCodes.planChangePaymentFailed,
      message: billingMessages.planChangePaymentFailed('Pro'),
    });
    const item = (
      context.stripe.subscriptions.get(subscriptionId)!.items as {
        data: Array<{ price: { lookup_key: string } }>;
      }
    ).data[0]!;
    expect(item.price.lookup_key).toBe(priceLookupKey('starter'));
    expect(await tierOf(context.testApp, user.id)).toBe('starter');
  });

  it('refuses a switch that makes no sense with a 409 or 400 that says what to do, asking Stripe nothing', async () => {
    const { client } = await subscribed('pro');
    const before = context.stripe.requests.length;
    const same = await post(client, '/api/subscription/change', { plan: 'pro' });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({
      code: billingErrorCodes.alreadySubscribed,
      message: billingMessages.alreadyOnPlan('Pro'),
    });
    const bad = await post(client, '/api/subscription/change', { plan: 'enterprise' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('plan: Plan must be starter or pro');
    expect((await post(client, '/api/subscription/change', {})).statusCode).toBe(400);
    expect((await post(client, '/api/subscription/cancel', { now: true })).statusCode).toBe(400);
    expect(context.stripe.requests).toHaveLength(before);

    const free = await signedInClient(
      context.testApp.app,
      context.testApp.database.db,
      await newUser(context.testApp.database.db),
    );
    for (const [url, payload] of lifecycleCalls.slice(0, 3)) {
      const response = await post(free, url, payload);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: billingErrorCodes.noActiveSubscription,
        message: billingMessages.noActiveSubscription,
      });
    }
  });

  it('cancels at the period end (plan kept until Stripe ends it), resumes, and drops the tier only on deletion', async () => {
    const { user, client, subscriptionId, customerId } = await subscribed('starter');
    const cancelled = await post(client, '/api/subscription/cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      subscription: { plan: 'starter', status: 'active', cancelAtPeriodEnd: true },
      tier: 'starter',
    });
    expect(cancelled.json().subscription.nextBillDate).not.toBeNull();
    expect(context.stripe.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)?.body).toEqual({
      cancel_at_period_end: 'true',
    });
    expect(context.stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);
    expect(await tierOf(context.testApp, user.id)).toBe('starter');

    // Switching while it is ending is refused: resume first.
    const change = await post(client, '/api/subscription/change', { plan: 'pro' });
    expect(change.json()).toEqual({
      code: billingErrorCodes.subscriptionEnding,
      message: billingMessages.resumeBeforeChange,
    });

    const resumed = await post(client, '/api/subscription/resume');
    expect(resumed.json()).toMatchObject({
      subscription: { status: 'active', cancelAtPeriodEnd: false },
      tier: 'starter',
    });
    expect(context.stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(false);
    expect((await rowOf(user.id)).cancelAtPeriodEnd).toBe(false);

    // Cancelled again in Stripe's portal: the webhook brings the flag; the period ends, Stripe deletes it.
    await send(
      stripeEvent(
        'customer.subscription.updated',
        stripeSubscription(subscriptionId, (s) => (s.cancel_at_period_end = true)),
      ),
    );
    expect((await rowOf(user.id)).cancelAtPeriodEnd).toBe(true);
    expect(await tierOf(context.testApp, user.id)).toBe('starter');
    await send(
      stripeEvent(
        'customer.subscription.deleted',
        stripeSubscription(subscriptionId, (s) =>
          Object.assign(s, {
            status: 'canceled',
            ended_at: Math.floor(Date.now() / 1000),
            customer: customerId,
          }),
        ),
      ),
    );
    expect(await tierOf(context.testApp, user.id)).toBe('free');
    const shown = await client.inject({ method: 'GET', url: '/api/subscription' });
    expect(shown.json()).toMatchObject({
      subscription: { status: 'canceled', cancelAtPeriodEnd: false, nextBillDate: null },
      tier: 'free',
    });
  });

  it('treats a cancel_at date set in the portal as ending, and resuming clears it at Stripe', async () => {
    const { user, client, subscriptionId } = await subscribed('pro');
    const endsAt = Math.floor(Date.now() / 1000) + 10 * 86_400;
    context.stripe.subscriptions.get(subscriptionId)!.cancel_at = endsAt;
    await send(stripeEvent('customer.subscription.updated', stripeSubscription(subscriptionId)));
    expect((await rowOf(user.id)).cancelAtPeriodEnd).toBe(true);
    const resumed = await post(client, '/api/subscription/resume');
    expect(resumed.json()).toMatchObject({ subscription: { cancelAtPeriodEnd: false }, tier: 'pro' });
    expect(context.stripe.subscriptions.get(subscriptionId)).toMatchObject({
      cancel_at: null,
      cancel_at_period_end: false,
    });
    expect(context.stripe.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)?.body).toEqual({
      cancel_at: '',
    });
  });

  it("opens Stripe's billing portal for the caller's own customer, returning to the subscription settings", async () => {
    const { client, customerId } = await subscribed('pro');
    const response = await post(client, '/api/billing/portal');
    expect(response.statusCode).toBe(200);
    const { url } = response.json<{ url: string }>();
    const session = [...context.stripe.portalSessions.values()].find((candidate) => candidate.url === url);
    expect(session).toMatchObject({
      customer: customerId,
      return_url: `${context.testApp.config.publicUrl}/settings#subscription`,
    });

    const stranger = await signedInClient(
      context.testApp.app,
      context.testApp.database.db,
      await newUser(context.testApp.database.db),
    );
    const none = await post(stranger, '/api/billing/portal');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({
      code: billingErrorCodes.noBillingAccount,
      message: billingMessages.noBillingAccount,
    });
  });

  it("never touches another user's subscription", async () => {
    const owner = await subscribed('starter');
    const other = await signedInClient(
      context.testApp.app,
      context.testApp.database.db,
      await newUser(context.testApp.database.db),
    );
    for (const [url, payload] of lifecycleCalls) await post(other, url, payload);
    expect(context.stripe.requestsTo('POST', `/v1/subscriptions/${owner.subscriptionId}`)).toHaveLength(0);
    expect(context.stripe.subscriptions.get(owner.subscriptionId)?.cancel_at_period_end).toBe(false);
    expect(await rowOf(owner.user.id)).toMatchObject({ plan: 'starter', cancelAtPeriodEnd: false });
    expect(
      [...context.stripe.portalSessions.values()].some((session) => session.customer === owner.customerId),
    ).toBe(false);
  });

  it('refuses signed-out callers with 401 and calls without a CSRF token with 403', async () => {
    const { client, subscriptionId, customerId } = await subscribed('starter');
    const anonymous = new TestClient(context.testApp.app);
    for (const [url, payload] of lifecycleCalls) {
      expect((await post(anonymous, url, payload)).statusCode).toBe(401);
      const noCsrf = await client.inject({ method: 'POST', url, payload }, { csrf: false });
      expect(noCsrf.statusCode).toBe(403);
    }
    expect(context.stripe.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(0);
    expect(
      context.stripe
        .requestsTo('POST', '/v1/billing_portal/sessions')
        .filter((call) => call.body.customer === customerId),
    ).toHaveLength(0);
  });

  it('answers 503 with a try-again message when Stripe fails, and changes nothing', async () => {
    const { user, client } = await subscribed('starter');
    context.stripe.answerNext('error500', 'error500');
    const response = await post(client, '/api/subscription/cancel');
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe(billingErrorCodes.providerUnavailable);
    expect((await rowOf(user.id)).cancelAtPeriodEnd).toBe(false);
  });
});

describe.each(testDatabaseKinds())('subscription lifecycle without Stripe (%s)', (kind) => {
  const testApp = useTestApp(kind);

  it('answers 503 PAYMENT_NOT_CONFIGURED to every call, after checking the input', async () => {
    const client = await signedInClient(testApp.app(), testApp.db(), await newUser(testApp.db()));
    for (const [url, payload] of lifecycleCalls) {
      const response = await client.inject({ method: 'POST', url, payload });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: billingErrorCodes.notConfigured,
        message: billingMessages.notConfigured,
      });
    }
    const bad = await client.inject({
      method: 'POST',
      url: '/api/subscription/change',
      payload: { plan: 'gold' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
