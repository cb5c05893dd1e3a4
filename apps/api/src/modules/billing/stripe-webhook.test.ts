import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { billingErrorCodes, billingMessages } from '@app/shared/billing';
import { plans } from '@app/shared/plans';
import { buildTestApp } from '../../../test/build-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { signedInClient } from '../../../test/test-client.js';
import { priceLookupKey } from '../../adapters/stripe/stripe-gateway.js';
import { stripeEvents } from '../../db/schema/index.js';
import {
  chargeObject,
  eventId,
  invoiceObject,
  sendWebhook,
  useBillingApp,
  stripeEvent,
  subscriptionObject,
  subscriptionRows,
  tierOf,
  webhookSecret,
} from './billing.test-support.js';

describe.each(testDatabaseKinds())('Stripe webhook (%s)', (kind) => {
  const context = useBillingApp(kind);

  /** A user who went through POST /api/create-subscription: an incomplete subscription in Stripe and here. */
  async function checkoutStarted(plan: 'starter' | 'pro' = 'starter') {
    const user = await newUser(context.testApp.database.db);
    const client = await signedInClient(context.testApp.app, context.testApp.database.db, user);
    const response = await client.inject({
      method: 'POST',
      url: '/api/create-subscription',
      payload: { plan, amount: plan === 'starter' ? 1399 : 2499 },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await subscriptionRows(context.testApp, user.id);
    return { user, client, subscriptionId: row!.stripeSubscriptionId!, customerId: row!.stripeCustomerId! };
  }
  const paid = (
    started: { subscriptionId: string; customerId: string },
    periodEnd?: number,
    metadata?: Record<string, string>,
  ) => stripeEvent('invoice.paid', invoiceObject({ ...started, periodEnd, metadata }));
  const send = (event: object) => sendWebhook(context.testApp, event);
  const rowOf = async (userId: string) => (await subscriptionRows(context.testApp, userId))[0]!;
  const recorded = async (id: string) =>
    context.testApp.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, id));

  it('activates the subscription and the tier when the invoice is paid, not when the browser returns', async () => {
    const started = await checkoutStarted('starter');
    // The browser's return to /dashboard?payment=success changes nothing on the server.
    await context.testApp.app.inject({ method: 'GET', url: '/dashboard?payment=success&plan=starter' });
    expect(await tierOf(context.testApp, started.user.id)).toBe('free');

    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400;
    const response = await send(paid(started, periodEnd));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false });
    expect(await tierOf(context.testApp, started.user.id)).toBe('starter');

    const current = await started.client.inject({ method: 'GET', url: '/api/subscription' });
    expect(current.json()).toEqual({
      subscription: {
        plan: 'starter',
        status: 'active',
        amount: 1399,
        currency: 'usd',
        nextBillDate: new Date(periodEnd * 1000).toISOString(),
        cancelAtPeriodEnd: false,
        createdAt: (await rowOf(started.user.id)).createdAt.toISOString(),
      },
      tier: 'starter',
    });
  });

  it('moves the limits other features read from the plan module: storage and AI quota follow the tier', async () => {
    const started = await checkoutStarted('pro');
    const limits = async () => {
      const storage = (await started.client.inject({ method: 'GET', url: '/api/storage/usage' })).json();
      const ai = (await started.client.inject({ method: 'GET', url: '/api/ai/quota' })).json();
      return { quotaBytes: storage.quotaBytes, aiLimit: ai.limit, aiPlan: ai.plan };
    };
    expect(await limits()).toEqual({ quotaBytes: plans.free.storageBytes, aiLimit: 5, aiPlan: 'free' });
    await send(paid(started));
    expect(await limits()).toEqual({ quotaBytes: plans.pro.storageBytes, aiLimit: null, aiPlan: 'pro' });
    await send(
      stripeEvent(
        'customer.subscription.deleted',
        subscriptionObject({
          id: started.subscriptionId,
          customerId: started.customerId,
          status: 'canceled',
        }),
      ),
    );
    expect(await limits()).toEqual({ quotaBytes: plans.free.storageBytes, aiLimit: 5, aiPlan: 'free' });
  });

  it('treats invoice.payment_succeeded like invoice.paid', async () => {
    const started = await checkoutStarted('pro');
    await send(stripeEvent('invoice.payment_succeeded', invoiceObject(started)));
    expect(await tierOf(context.testApp, started.user.id)).toBe('pro');
    expect((await rowOf(started.user.id)).status).toBe('active');
  });

  it('ignores a replayed event id: the second delivery changes nothing', async () => {
    const started = await checkoutStarted();
    const payment = paid(started);
    expect((await send(payment)).json()).toEqual({ received: true, duplicate: false });
    await send(
      stripeEvent(
        'customer.subscription.deleted',
        subscriptionObject({
          id: started.subscriptionId,
          customerId: started.customerId,
          status: 'canceled',
        }),
      ),
    );
    expect(await tierOf(context.testApp, started.user.id)).toBe('free');

    const replay = await send(payment);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await tierOf(context.testApp, started.user.id)).toBe('free');
    expect((await rowOf(started.user.id)).status).toBe('canceled');
    expect(await recorded(payment.id)).toHaveLength(1);
  });

  it('handles two simultaneous deliveries of one event exactly once', async () => {
    const started = await checkoutStarted();
    const payment = paid(started);
    const answers = await Promise.all([send(payment), send(payment), send(payment)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.json().duplicate === false)).toHaveLength(1);
    expect(await tierOf(context.testApp, started.user.id)).toBe('starter');
  });

  it('keeps the tier while past due (grace), back to active on payment, free once unpaid', async () => {
    const started = await checkoutStarted('pro');
    await send(paid(started));
    await send(stripeEvent('invoice.payment_failed', invoiceObject(started)));
    expect((await rowOf(started.user.id)).status).toBe('past_due');
    expect(await tierOf(context.testApp, started.user.id)).toBe('pro');
    const shown = await started.client.inject({ method: 'GET', url: '/api/subscription' });
    expect(shown.json().subscription.status).toBe('past_due');

    await send(
      stripeEvent(
        'customer.subscription.updated',
        subscriptionObject({ id: started.subscriptionId, customerId: started.customerId, status: 'active' }),
      ),
    );
    expect((await rowOf(started.user.id)).status).toBe('active');

    await send(
      stripeEvent(
        'customer.subscription.updated',
        subscriptionObject({
          id: started.subscriptionId,
          customerId: started.customerId,
          status: 'past_due',
        }),
      ),
    );
    expect(await tierOf(context.testApp, started.user.id)).toBe('pro');
    await send(
      stripeEvent(
        'customer.subscription.updated',
        subscriptionObject({ id: started.subscriptionId, customerId: started.customerId, status: 'unpaid' }),
      ),
    );
    expect((await rowOf(started.user.id)).status).toBe('unpaid');
    expect(await tierOf(context.testApp, started.user.id)).toBe('free');
  });

  it('does not make a never-paid subscription past due when its first payment fails', async () => {
    const started = await checkoutStarted('pro');
    await send(stripeEvent('invoice.payment_failed', invoiceObject(started)));
    expect((await rowOf(started.user.id)).status).toBe('incomplete');
    expect(await tierOf(context.testApp, started.user.id)).toBe('free');
  });

  it('cancels: status canceled, tier free, no next bill; a late paid invoice does not revive it', async () => {
    const started = await checkoutStarted();
    await send(paid(started));
    const endedAt = Math.floor(Date.now() / 1000);
    await send(
      stripeEvent(
        'customer.subscription.deleted',
        subscriptionObject({
          id: started.subscriptionId,
          customerId: started.customerId,
          status: 'canceled',
          endedAt,
        }),
      ),
    );
    const row = await rowOf(started.user.id);
    expect(row).toMatchObject({ status: 'canceled', nextBillDate: null });
    expect(row.canceledAt?.getTime()).toBe(endedAt * 1000);
    expect(await tierOf(context.testApp, started.user.id)).toBe('free');
    const shown = await started.client.inject({ method: 'GET', url: '/api/subscription' });
    expect(shown.json()).toMatchObject({
      subscription: { status: 'canceled', nextBillDate: null },
      tier: 'free',
    });

    await send(paid(started));
    await send(
      stripeEvent(
        'customer.subscription.updated',
        subscriptionObject({ id: started.subscriptionId, customerId: started.customerId, status: 'active' }),
      ),
    );
    expect((await rowOf(started.user.id)).status).toBe('canceled');
    expect(await tierOf(context.testApp, started.user.id)).toBe('free');
  });

  const refundOf = (
    started: { subscriptionId: string; customerId: string },
    amount: number,
    amountRefunded: number,
  ) =>
    stripeEvent(
      'charge.refunded',
      chargeObject({
        customerId: started.customerId,
        amount,
        amountRefunded,
        paymentIntent: context.stripe.latestPaymentIntentOf(started.subscriptionId),
      }),
    );

  it('a full refund of the latest invoice cancels in Stripe at once without proration, stores refunded and takes the tier back', async () => {
    const started = await checkoutStarted('pro');
    await send(paid(started));
    const response = await send(refundOf(started, 2499, 2499));
    expect(response.json()).toEqual({ received: true, duplicate: false });
    const cancels = context.stripe.requestsTo('DELETE', `/v1/subscriptions/${started.subscriptionId}`);
    expect(cancels).toHaveLength(1);
    expect(cancels[0]?.query).toMatchObject({ invoice_now: 'false', prorate: 'false' });
    expect(context.stripe.subscriptions.get(started.subscriptionId)?.status).toBe('canceled');
    expect(await rowOf(started.user.id)).toMatchObject({ status: 'refunded', nextBillDate: null });
    expect(await tierOf(context.testApp, started.user.id)).toBe('free');
    const shown = await started.client.inject({ method: 'GET', url: '/api/subscription' });
    expect(shown.json()).toMatchObject({
      subscription: { status: 'refunded', nextBillDate: null, cancelAtPeriodEnd: false },
      tier: 'free',
    });

    // Stripe then reports the cancellation it made, and may send the refund again: nothing changes.
    await send(
      stripeEvent(
        'customer.subscription.deleted',
        subscriptionObject({
          id: started.subscriptionId,
          customerId: started.customerId,
          status: 'canceled',
        }),
      ),
    );
    expect((await rowOf(started.user.id)).status).toBe('refunded');
    expect(await tierOf(context.testApp, started.user.id)).toBe('free');
  });

  it('a replayed refund event is answered as a duplicate and asks Stripe nothing', async () => {
    const started = await checkoutStarted('starter');
    await send(paid(started));
    const refund = refundOf(started, 1399, 1399);
    expect((await send(refund)).json()).toEqual({ received: true, duplicate: false });
    const callsBefore = context.stripe.requests.length;
    expect((await send(refund)).json()).toEqual({ received: true, duplicate: true });
    expect(context.stripe.requests).toHaveLength(callsBefore);
    expect(await recorded(refund.id)).toHaveLength(1);
  });

  it('a partial refund changes nothing', async () => {
    const started = await checkoutStarted('pro');
    await send(paid(started));
    await send(refundOf(started, 2499, 500));
    expect(context.stripe.requestsTo('DELETE', `/v1/subscriptions/${started.subscriptionId}`)).toHaveLength(
      0,
    );
    expect((await rowOf(started.user.id)).status).toBe('active');
    expect(await tierOf(context.testApp, started.user.id)).toBe('pro');
  });

  it('a full refund of an older invoice (not the latest) leaves the running plan alone', async () => {
    const started = await checkoutStarted('starter');
    await send(paid(started));
    const firstPayment = context.stripe.latestPaymentIntentOf(started.subscriptionId);
    // A plan switch invoices the prorated difference: that invoice is now the latest.
    expect(
      (
        await started.client.inject({
          method: 'POST',
          url: '/api/subscription/change',
          payload: { plan: 'pro' },
        })
      ).statusCode,
    ).toBe(200);
    await send(
      stripeEvent(
        'charge.refunded',
        chargeObject({
          customerId: started.customerId,
          amount: 1399,
          amountRefunded: 1399,
          paymentIntent: firstPayment,
        }),
      ),
    );
    expect(context.stripe.requestsTo('DELETE', `/v1/subscriptions/${started.subscriptionId}`)).toHaveLength(
      0,
    );
    expect((await rowOf(started.user.id)).status).toBe('active');
  });

  it('answers 503 to a full refund while Stripe is down, so Stripe delivers it again', async () => {
    const started = await checkoutStarted('starter');
    await send(paid(started));
    const refund = refundOf(started, 1399, 1399);
    context.stripe.answerNext('error500', 'error500');
    const failed = await send(refund);
    expect(failed.statusCode).toBe(503);
    expect(await tierOf(context.testApp, started.user.id)).toBe('starter');
    expect(await recorded(refund.id)).toHaveLength(0);

    const retried = await send(refund);
    expect(retried.json()).toEqual({ received: true, duplicate: false });
    expect(await tierOf(context.testApp, started.user.id)).toBe('free');
    expect((await rowOf(started.user.id)).status).toBe('refunded');
  });

  it('adopts a subscription made by the hosted payment page through its metadata', async () => {
    const user = await newUser(context.testApp.database.db);
    const subscriptionId = `sub_checkout_${eventId().slice(9)}`;
    const metadata = { userId: user.id, plan: 'pro' };
    await send(
      stripeEvent('invoice.paid', invoiceObject({ subscriptionId, customerId: 'cus_checkout', metadata })),
    );
    expect(await rowOf(user.id)).toMatchObject({
      plan: 'pro',
      status: 'active',
      amountCents: 2499,
      stripeSubscriptionId: subscriptionId,
    });
    expect(await tierOf(context.testApp, user.id)).toBe('pro');
  });

  it('keeps the better plan while another one of the same user ends', async () => {
    const starter = await checkoutStarted('starter');
    await send(paid(starter));
    // A second subscription can still come from elsewhere (e.g. Stripe's dashboard); the best plan wins.
    const proId = `sub_elsewhere_${eventId().slice(9)}`;
    await send(
      paid({ subscriptionId: proId, customerId: starter.customerId }, undefined, {
        userId: starter.user.id,
        plan: 'pro',
      }),
    );
    expect(await tierOf(context.testApp, starter.user.id)).toBe('pro');
    await send(
      stripeEvent(
        'customer.subscription.deleted',
        subscriptionObject({
          id: starter.subscriptionId,
          customerId: starter.customerId,
          status: 'canceled',
        }),
      ),
    );
    expect(await tierOf(context.testApp, starter.user.id)).toBe('pro');
    const shown = await starter.client.inject({ method: 'GET', url: '/api/subscription' });
    expect(shown.json().subscription).toMatchObject({ plan: 'pro', status: 'active' });
  });

  it('follows a plan change made in Stripe through the price lookup key', async () => {
    const started = await checkoutStarted('starter');
    await send(paid(started));
    await send(
      stripeEvent(
        'customer.subscription.updated',
        subscriptionObject({
          id: started.subscriptionId,
          customerId: started.customerId,
          status: 'active',
          lookupKey: priceLookupKey('pro'),
        }),
      ),
    );
    expect(await rowOf(started.user.id)).toMatchObject({ plan: 'pro', amountCents: 2499 });
    expect(await tierOf(context.testApp, started.user.id)).toBe('pro');
  });

  it('acknowledges unknown events and events of unknown subscriptions with 200', async () => {
    const unknown = stripeEvent('customer.created', { id: 'cus_x', object: 'customer' });
    expect((await send(unknown)).json()).toEqual({ received: true, duplicate: false });
    expect(await recorded(unknown.id)).toHaveLength(1);
    const orphan = await send(
      stripeEvent('invoice.paid', invoiceObject({ subscriptionId: 'sub_nobody', customerId: 'cus_nobody' })),
    );
    expect(orphan.statusCode).toBe(200);
  });

  describe('signatures', () => {
    it('refuses a wrong secret with 400, changes nothing and lets the genuine event through later', async () => {
      const started = await checkoutStarted();
      const payment = paid(started);
      const forged = await sendWebhook(context.testApp, payment, { secret: 'whsec_not_the_right_one' });
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toEqual({
        message: billingMessages.webhookSignatureInvalid,
        code: billingErrorCodes.webhookSignature,
      });
      expect(await tierOf(context.testApp, started.user.id)).toBe('free');
      expect(await recorded(payment.id)).toHaveLength(0);

      expect((await send(payment)).json()).toEqual({ received: true, duplicate: false });
      expect(await tierOf(context.testApp, started.user.id)).toBe('starter');
    });

    it('refuses a missing signature with 400 and a clear message', async () => {
      const started = await checkoutStarted();
      const response = await sendWebhook(context.testApp, paid(started), { signature: null });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: billingMessages.webhookSignatureMissing,
        code: billingErrorCodes.webhookSignature,
      });
      expect(await tierOf(context.testApp, started.user.id)).toBe('free');
    });

    it('refuses a body altered after signing', async () => {
      const started = await checkoutStarted('starter');
      const genuine = paid(started);
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload: JSON.stringify(genuine),
        secret: webhookSecret,
      });
      const altered = JSON.stringify({ ...genuine, type: 'invoice.payment_succeeded' });
      const response = await sendWebhook(context.testApp, genuine, { signature, payload: altered });
      expect(response.statusCode).toBe(400);
      // Re-serialised JSON (same meaning, other bytes) is refused too: the raw body is what is signed.
      const reformatted = await sendWebhook(context.testApp, genuine, {
        signature,
        payload: JSON.stringify(genuine, null, 2),
      });
      expect(reformatted.statusCode).toBe(400);
      expect(await tierOf(context.testApp, started.user.id)).toBe('free');
    });

    it('refuses a signature older than five minutes (a captured request replayed later)', async () => {
      const started = await checkoutStarted();
      const event = paid(started);
      const payload = JSON.stringify(event);
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: webhookSecret,
        timestamp: Math.floor(Date.now() / 1000) - 600,
      });
      const response = await sendWebhook(context.testApp, event, { signature, payload });
      expect(response.statusCode).toBe(400);
      expect(await tierOf(context.testApp, started.user.id)).toBe('free');
    });

    it('refuses an empty body with 400', async () => {
      const response = await context.testApp.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: {
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload: '',
            secret: webhookSecret,
          }),
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/Stripe/);
    });

    it('needs no CSRF token or session: the signature is the authentication', async () => {
      const started = await checkoutStarted();
      // sendWebhook sends no cookie and no X-CSRF-Token.
      expect((await send(paid(started))).statusCode).toBe(200);
    });
  });
});

describe('Stripe webhook without a signing secret', () => {
  it('answers 503 so Stripe keeps the event and retries, and changes nothing', async () => {
    const testApp = await buildTestApp('pglite');
    try {
      const response = await sendWebhook(
        testApp,
        stripeEvent('invoice.paid', invoiceObject({ subscriptionId: 'sub_x', customerId: 'cus_x' })),
      );
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        message: billingMessages.webhookNotConfigured,
        code: billingErrorCodes.notConfigured,
      });
      expect(await testApp.database.db.select().from(stripeEvents)).toHaveLength(0);
    } finally {
      await testApp.close();
    }
  });
});
