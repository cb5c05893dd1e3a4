import { useEffect, useState, type FormEvent } from 'react';
import { CircleAlert, LoaderCircle, Lock } from 'lucide-react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { billingTexts } from '@app/shared/billing';
import { plans, type PaidPlan } from '@app/shared/plans';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { useTheme } from '../../../lib/theme';
import { paymentReturnUrl } from '../../../lib/checkout-plan';
import { loadStripeJs } from '../lib/load-stripe';
import { PaymentLinkButton } from './payment-link-button';
import { formatMoney } from '../../../lib/format/money';

export const cardFormTexts = {
  loading: 'Loading the secure card form...',
  loadFailedTitle: 'The card form could not load',
  loadFailedText:
    "Your browser could not reach Stripe, our card payment provider (an ad blocker or a strict network can cause this). Nothing was charged. Try again, or pay on Stripe's own page instead.",
  processing: 'Processing...',
} as const;

type StripeLoad = { state: 'loading' } | { state: 'ready'; stripe: Stripe } | { state: 'failed' };

function useStripeJs(publishableKey: string, attempt: number): StripeLoad {
  const [load, setLoad] = useState<StripeLoad & { key: string }>({ state: 'loading', key: '' });
  const key = `${publishableKey}#${attempt}`;
  useEffect(() => {
    let current = true;
    loadStripeJs(publishableKey).then(
      (stripe) => current && setLoad(stripe ? { state: 'ready', stripe, key } : { state: 'failed', key }),
      () => current && setLoad({ state: 'failed', key }),
    );
    return () => {
      current = false;
    };
  }, [publishableKey, key]);
  return load.key === key ? load : { state: 'loading' };
}

interface CardPaymentFormProps {
  plan: PaidPlan;
  clientSecret: string;
  publishableKey: string;
}

/** Stripe's Payment Element for the client secret; card details go to Stripe, never to our server. */
export function CardPaymentForm({ plan, clientSecret, publishableKey }: CardPaymentFormProps) {
  const [attempt, setAttempt] = useState(0);
  const load = useStripeJs(publishableKey, attempt);
  const { resolvedTheme } = useTheme();

  if (load.state === 'loading') return <Spinner label={cardFormTexts.loading} className="py-10" />;
  if (load.state === 'failed') {
    return (
      <div role="alert" className="space-y-4">
        <div className="flex gap-3">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-500" />
          <div>
            <h3 className="font-semibold text-zinc-900 dark:text-white">{cardFormTexts.loadFailedTitle}</h3>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{cardFormTexts.loadFailedText}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setAttempt((value) => value + 1)}>
            Try again
          </Button>
          <PaymentLinkButton plan={plan} variant="primary" />
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <Elements
        stripe={load.stripe}
        options={{
          clientSecret,
          appearance: {
            theme: resolvedTheme === 'dark' ? 'night' : 'stripe',
            variables: { colorPrimary: '#e11d48' },
          },
        }}
      >
        <PaymentForm plan={plan} />
      </Elements>
      <div className="border-t border-zinc-200 pt-5 dark:border-zinc-800">
        <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
          Prefer to pay on Stripe's own checkout page? It opens in a new tab.
        </p>
        <PaymentLinkButton plan={plan} />
      </div>
    </div>
  );
}

function PaymentForm({ plan }: { plan: PaidPlan }) {
  const stripe = useStripe();
  const elements = useElements();
  const [elementReady, setElementReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [errorText, setErrorText] = useState<string | null>(null);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setSubmitting(true);
    setErrorText(null);
    // On success Stripe leaves this page for the return URL; we only come back here on failure.
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: paymentReturnUrl(plan) },
    });
    setSubmitting(false);
    const message =
      error.message ?? 'The payment could not be completed. Nothing was charged; please try again.';
    setErrorText(message);
    toast.error(billingTexts.paymentFailed, { id: 'payment-failed', description: message });
  }

  return (
    <form aria-label="Card payment" onSubmit={(event) => void pay(event)} className="space-y-5">
      {!elementReady && <Spinner label={cardFormTexts.loading} className="py-6" />}
      <PaymentElement onReady={() => setElementReady(true)} options={{ layout: 'tabs' }} />
      {errorText && (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200"
        >
          {errorText}
        </p>
      )}
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!stripe || !elementReady || submitting}
        aria-busy={submitting}
      >
        {submitting ? (
          <>
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> {cardFormTexts.processing}
          </>
        ) : (
          <>
            <Lock aria-hidden="true" className="size-4" /> Pay {formatMoney(plans[plan].priceCents)} and
            subscribe
          </>
        )}
      </Button>
    </form>
  );
}
