import type { SubscriptionResponse } from '@app/shared/billing';
import { jsonResponse, stubFetch, type FetchCall } from './fetch-stub';

type Answer = Response | ((call: FetchCall) => Response | Promise<Response>);

/**
 * Answers "METHOD /path" calls (the CSRF token is always given); anything else is a 404 so a
 * forgotten call fails loudly instead of hanging.
 */
export function stubBillingApi(answers: Record<string, Answer>) {
  return stubFetch(async (call) => {
    const path = call.path.split('?')[0] ?? call.path;
    if (path === '/api/csrf-token') return jsonResponse({ csrfToken: 'csrf-test' });
    const answer = answers[`${call.method} ${path}`];
    if (!answer) return jsonResponse({ message: `unexpected ${call.method} ${path}` }, 404);
    return typeof answer === 'function' ? answer(call) : answer.clone();
  });
}

export const notConfigured = { configured: false, publishableKey: null };
export const configured = { configured: true, publishableKey: 'pk_test_fake' };

export const checkoutSession = (plan: 'starter' | 'pro') => ({
  clientSecret: 'pi_123_secret_abc',
  subscriptionId: 'sub_123',
  plan,
  amount: plan === 'pro' ? 2499 : 1399,
  currency: 'usd',
});

export const noSubscription: SubscriptionResponse = { subscription: null, tier: 'free' };

export function activeSubscription(
  plan: 'starter' | 'pro',
  overrides: Partial<NonNullable<SubscriptionResponse['subscription']>> = {},
): SubscriptionResponse {
  return {
    tier: plan,
    subscription: {
      plan,
      status: 'active',
      amount: plan === 'pro' ? 2499 : 1399,
      currency: 'usd',
      nextBillDate: '2027-03-03T12:00:00.000Z',
      cancelAtPeriodEnd: false,
      createdAt: '2027-02-03T12:00:00.000Z',
      ...overrides,
    },
  };
}
