import { useEffect, useState } from 'react';
import { CircleAlert, CircleCheck, LoaderCircle, X } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { billingTexts } from '@app/shared/billing';
import { paidPlanSchema, plans, type PaidPlan } from '@app/shared/plans';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { currentUserQueryKey } from '../../../lib/query-client';
import { subscriptionQueryOptions } from '../api/get-subscription';
import { checkoutPath } from '../../../lib/checkout-plan';

/** How often, and how long, the page asks whether Stripe's webhook has changed the plan. */
export const confirmationPolling = { intervalMs: 2_000, giveUpAfterMs: 90_000 } as const;

export const paymentReturnTexts = {
  confirming: 'Confirming your payment...',
  confirmingText:
    'Stripe has your payment. Your plan switches as soon as Stripe confirms it to us, usually within a few seconds. You can keep using the app meanwhile.',
  confirmed: (plan: string) => `Welcome to ${plan}!`,
  confirmedText: 'Your payment is confirmed and every feature of your new plan is ready to use.',
  slowTitle: 'Your payment is still being confirmed',
  slowText:
    'Stripe has not confirmed it to us yet. This can take a few minutes; you were not charged twice. Your plan updates by itself, and you can check again at any time.',
  failedText:
    'Your bank or Stripe did not approve the payment, so nothing was charged and your plan has not changed.',
} as const;

interface ReturnInfo {
  plan: PaidPlan;
  failed: boolean;
}

function readReturn(params: URLSearchParams): ReturnInfo | null {
  if (params.get('payment') !== 'success') return null;
  const plan = paidPlanSchema.safeParse(params.get('plan'));
  // Stripe adds redirect_status to the return URL; 'failed' means a redirect-based method was declined.
  return { plan: plan.success ? plan.data : 'starter', failed: params.get('redirect_status') === 'failed' };
}

/**
 * docs/product.md#billing: back from card confirmation at /dashboard?payment=success&plan={plan}. The URL proves
 * nothing (anyone can type it) and only Stripe's webhook changes a tier, so this asks the server
 * until the tier is the paid plan, then refreshes the signed-in user.
 */
export function PaymentReturnNotice() {
  const [searchParams, setSearchParams] = useSearchParams();
  const info = readReturn(searchParams);
  if (!info) return null;

  function dismiss() {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const key of [
          'payment',
          'plan',
          'payment_intent',
          'payment_intent_client_secret',
          'redirect_status',
        ]) {
          next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  }

  return info.failed ? (
    <Banner tone="error" title={billingTexts.paymentFailed} onDismiss={dismiss}>
      <p>{paymentReturnTexts.failedText}</p>
      <Link to={checkoutPath(info.plan)} className={cn(buttonClasses('primary', 'sm'), 'mt-3')}>
        Try again
      </Link>
    </Banner>
  ) : (
    <PaymentConfirmation plan={info.plan} onDismiss={dismiss} />
  );
}

function PaymentConfirmation({ plan, onDismiss }: { plan: PaidPlan; onDismiss: () => void }) {
  const queryClient = useQueryClient();
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [gaveUp, setGaveUp] = useState(false);
  const subscription = useQuery({
    ...subscriptionQueryOptions(),
    refetchInterval: (query) =>
      query.state.data?.tier === plan || gaveUp ? false : confirmationPolling.intervalMs,
  });
  const confirmed = subscription.data?.tier === plan;

  useEffect(() => {
    if (confirmed) void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  }, [confirmed, queryClient]);

  useEffect(() => {
    if (confirmed || gaveUp) return;
    const timer = setTimeout(
      () => setGaveUp(true),
      Math.max(0, startedAt + confirmationPolling.giveUpAfterMs - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [confirmed, gaveUp, startedAt]);

  const planName = plans[plan].name;
  if (confirmed) {
    return (
      <Banner tone="success" title={paymentReturnTexts.confirmed(planName)} onDismiss={onDismiss}>
        <p>{paymentReturnTexts.confirmedText}</p>
        <Link to="/settings" className={cn(buttonClasses('outline', 'sm'), 'mt-3')}>
          See your plan in Settings
        </Link>
      </Banner>
    );
  }
  if (gaveUp) {
    return (
      <Banner tone="warning" title={paymentReturnTexts.slowTitle} onDismiss={onDismiss}>
        <p>{paymentReturnTexts.slowText}</p>
        <Button
          size="sm"
          variant="outline"
          className="mt-3"
          onClick={() => {
            setGaveUp(false);
            setStartedAt(Date.now());
            void subscription.refetch();
          }}
        >
          Check again
        </Button>
      </Banner>
    );
  }
  return (
    <Banner tone="progress" title={paymentReturnTexts.confirming} onDismiss={onDismiss}>
      <p>{paymentReturnTexts.confirmingText}</p>
      <p className="mt-1 font-medium">Plan: {planName}</p>
    </Banner>
  );
}

const tones = {
  success: {
    icon: CircleCheck,
    box: 'border-emerald-200 bg-emerald-50 text-emerald-950 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-100',
    iconClass: 'text-emerald-600 dark:text-emerald-400',
  },
  progress: {
    icon: LoaderCircle,
    box: 'border-sky-200 bg-sky-50 text-sky-950 dark:border-sky-500/30 dark:bg-sky-500/10 dark:text-sky-100',
    iconClass: 'animate-spin text-sky-600 dark:text-sky-400',
  },
  warning: {
    icon: CircleAlert,
    box: 'border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100',
    iconClass: 'text-amber-600 dark:text-amber-400',
  },
  error: {
    icon: CircleAlert,
    box: 'border-red-200 bg-red-50 text-red-950 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-100',
    iconClass: 'text-red-600 dark:text-red-400',
  },
} as const;

function Banner({
  tone,
  title,
  onDismiss,
  children,
}: {
  tone: keyof typeof tones;
  title: string;
  onDismiss: () => void;
  children: React.ReactNode;
}) {
  const { icon: Icon, box, iconClass } = tones[tone];
  return (
    <section
      aria-label="Payment"
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('mb-6 flex gap-3 rounded-2xl border p-4 sm:p-5', box)}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', iconClass)} />
      <div className="min-w-0 flex-1 text-sm">
        <h2 className="text-base font-semibold">{title}</h2>
        <div className="mt-1 opacity-90">{children}</div>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="-m-1 h-fit rounded-lg p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-rose-500"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </section>
  );
}
