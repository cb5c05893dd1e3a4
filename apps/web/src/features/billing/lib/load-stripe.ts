import type { Stripe } from '@stripe/stripe-js';

let loading: { key: string; promise: Promise<Stripe | null> } | undefined;

/**
 * Stripe.js, fetched from js.stripe.com only when a card form is about to show. The `pure` entry
 * does not inject the script on import, so no page before checkout talks to Stripe. A failed load
 * is forgotten so "Try again" really tries again.
 */
export function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  if (loading?.key === publishableKey) return loading.promise;
  const promise = import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(publishableKey));
  promise.catch(() => {
    if (loading?.promise === promise) loading = undefined;
  });
  loading = { key: publishableKey, promise };
  return promise;
}
