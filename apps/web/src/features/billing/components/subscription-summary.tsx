import { CalendarClock, CircleAlert, CreditCard } from 'lucide-react';
import type { SubscriptionResponse } from '@app/shared/billing';
import { plans } from '@app/shared/plans';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { userFacingMessage } from '../../../lib/request';
import { statusLabel, statusTone, type StatusTone } from '../lib/billing-format';
import { formatDate } from '../../../lib/format/date-time';
import { formatMoney } from '../../../lib/format/money';

const toneStyles: Record<StatusTone, string> = {
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-500/15 dark:text-emerald-200 dark:ring-emerald-500/30',
  warning:
    'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-500/15 dark:text-amber-200 dark:ring-amber-500/30',
  muted: 'bg-zinc-100 text-zinc-700 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700',
};

interface SubscriptionSummaryProps {
  data: SubscriptionResponse | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
}

/** docs/product.md#billing: the current subscription's plan, status, amount and next bill date. */
export function SubscriptionSummary({ data, isPending, error, onRetry }: SubscriptionSummaryProps) {
  if (isPending) {
    return (
      <div role="status" className="space-y-2">
        <span className="sr-only">Loading your subscription...</span>
        <div aria-hidden="true" className="h-4 w-2/3 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
        <div aria-hidden="true" className="h-4 w-1/2 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800/60" />
      </div>
    );
  }
  if (error || !data) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 text-sm text-zinc-700 dark:text-zinc-300"
      >
        <CircleAlert aria-hidden="true" className="size-4 text-red-500" />
        <span>Your subscription could not be loaded. {userFacingMessage(error)}</span>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  const { subscription } = data;
  if (!subscription) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">No paid subscription, so nothing is billed.</p>
    );
  }
  const { status } = subscription;
  const ending = subscription.cancelAtPeriodEnd && subscription.nextBillDate !== null;
  return (
    <div className="space-y-3">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-zinc-500 dark:text-zinc-400">Subscription</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-2 font-medium text-zinc-900 dark:text-white">
            {plans[subscription.plan].name}
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
                toneStyles[statusTone(status)],
              )}
            >
              {statusLabel(status)}
            </span>
            {ending && (
              <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200 ring-inset dark:bg-amber-500/15 dark:text-amber-200 dark:ring-amber-500/30">
                Cancels on {formatDate(subscription.nextBillDate!, { style: 'long' })}
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-zinc-500 dark:text-zinc-400">Amount</dt>
          <dd className="mt-1 flex items-center gap-1.5 font-medium text-zinc-900 dark:text-white">
            <CreditCard aria-hidden="true" className="size-4 text-zinc-400" />
            {formatMoney(subscription.amount)} / month
          </dd>
        </div>
        <div>
          <dt className="text-zinc-500 dark:text-zinc-400">{ending ? 'Ends' : 'Next bill'}</dt>
          <dd className="mt-1 flex items-center gap-1.5 font-medium text-zinc-900 dark:text-white">
            <CalendarClock aria-hidden="true" className="size-4 text-zinc-400" />
            {subscription.nextBillDate
              ? formatDate(subscription.nextBillDate, { style: 'long' })
              : 'None scheduled'}
          </dd>
        </div>
      </dl>
      {status === 'past_due' && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          Your last payment did not go through. Stripe is retrying your card over the next days and your plan
          stays active meanwhile; make sure your card has funds or contact support.
        </p>
      )}
      {ending && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          You cancelled: your plan stays until {formatDate(subscription.nextBillDate!, { style: 'long' })},
          then you move to the Free plan and are not billed again.
        </p>
      )}
      {status === 'refunded' && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Your last payment was refunded in full, so this subscription has ended and no longer bills you. Pick
          a plan below to subscribe again.
        </p>
      )}
      {(status === 'canceled' || status === 'incomplete_expired' || status === 'unpaid') && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          This subscription no longer bills you. Pick a plan below to subscribe again.
        </p>
      )}
    </div>
  );
}
