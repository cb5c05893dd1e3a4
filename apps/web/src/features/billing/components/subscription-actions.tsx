import { useEffect, useState, type ReactNode } from 'react';
import { ExternalLink, LoaderCircle } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { SubscriptionResponse } from '@app/shared/billing';
import { paidPlans, plans, type PaidPlan } from '@app/shared/plans';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useChangePlan } from '../api/change-plan';
import { subscriptionQueryOptions } from '../api/get-subscription';
import { useOpenBillingPortal } from '../api/open-billing-portal';
import { useResumeSubscription } from '../api/resume-subscription';
import { billingErrorText } from '../lib/billing-error-text';
import { isRunningSubscription } from '../lib/upgrade-options';
import { formatDate } from '../../../lib/format/date-time';
import { formatMoney } from '../../../lib/format/money';

/** How often, and how long, the card asks whether Stripe's webhook has reported the change. */
export const webhookPolling = { intervalMs: 2_000, giveUpAfterMs: 60_000 } as const;

export const subscriptionActionTexts = {
  switchTo: (plan: string) => `Switch to ${plan}`,
  switchTitle: (plan: string) => `Switch to ${plan}?`,
  upgradeText: (plan: string, price: string) =>
    `You are charged now for the rest of this billing period, pro rata: the ${plan} price minus what you already paid for the unused days. After that, ${plan} costs ${price} a month.`,
  downgradeText: (plan: string, price: string) =>
    `The unused part of this billing period is credited to your next bills, pro rata. After that, ${plan} costs ${price} a month.`,
  cancel: 'Cancel subscription',
  cancelTitle: 'Cancel your subscription?',
  keepsUntil: (plan: string, date: string) => `You keep ${plan} until ${date}.`,
  keepsUntilPeriodEnd: (plan: string) => `You keep ${plan} until the end of this billing period.`,
  cancelText:
    'After that you move to the Free plan and are not billed again. You can resume any time before then.',
  keep: 'Keep subscription',
  resume: 'Resume subscription',
  manage: 'Manage billing',
  waiting: 'Waiting for Stripe to confirm the change...',
  slow: 'Stripe has not confirmed the change yet. Your plan updates by itself; check back in a few minutes.',
  failed: 'That did not work',
} as const;

type Awaited = (data: SubscriptionResponse) => boolean;

/**
 * docs/product.md#billing: switch plan, cancel, resume and Stripe's billing portal for the running subscription.
 * Only Stripe's webhook changes the tier, so after each action the subscription is polled briefly
 * until the server shows the new state.
 */
export function SubscriptionActions() {
  const [awaiting, setAwaiting] = useState<{ done: Awaited } | null>(null);
  const [gaveUp, setGaveUp] = useState(false);
  const subscription = useQuery({
    ...subscriptionQueryOptions(),
    refetchInterval: (query) =>
      awaiting && !gaveUp && !(query.state.data && awaiting.done(query.state.data))
        ? webhookPolling.intervalMs
        : false,
  });
  const confirmed = Boolean(awaiting && subscription.data && awaiting.done(subscription.data));

  useEffect(() => {
    if (!awaiting || confirmed || gaveUp) return;
    // A new action sets a new `awaiting` object, which restarts the wait.
    const timer = setTimeout(() => setGaveUp(true), webhookPolling.giveUpAfterMs);
    return () => clearTimeout(timer);
  }, [awaiting, confirmed, gaveUp]);

  const awaitWebhook = (done: Awaited) => {
    setGaveUp(false);
    setAwaiting({ done });
  };
  const onError = (error: unknown) =>
    toast.error(subscriptionActionTexts.failed, { description: billingErrorText(error) });
  const changePlan = useChangePlan();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const portal = useOpenBillingPortal();

  const current = subscription.data?.subscription;
  if (!current) return null;
  const running = isRunningSubscription(current.status);
  const busy = changePlan.isPending || cancel.isPending || resume.isPending || portal.isPending;
  const endDate = current.nextBillDate ? formatDate(current.nextBillDate, { style: 'long' }) : null;
  const planName = plans[current.plan].name;
  const otherPlans = paidPlans.filter((plan) => plan !== current.plan);

  return (
    <div className="space-y-3 border-t border-zinc-200 pt-5 dark:border-zinc-800">
      <div className="flex flex-wrap items-center gap-3">
        {running &&
          !current.cancelAtPeriodEnd &&
          current.status !== 'past_due' &&
          otherPlans.map((plan) => (
            <SwitchPlanButton
              key={plan}
              from={current.plan}
              to={plan}
              busy={busy}
              isPending={changePlan.isPending && changePlan.variables === plan}
              onConfirm={(close) =>
                changePlan.mutate(plan, {
                  onSuccess: () => {
                    close();
                    awaitWebhook((data) => data.tier === plan && data.subscription?.plan === plan);
                  },
                  onError,
                })
              }
            />
          ))}
        {running && !current.cancelAtPeriodEnd && (
          <ConfirmButton
            label={subscriptionActionTexts.cancel}
            variant="danger-outline"
            title={subscriptionActionTexts.cancelTitle}
            description={
              <>
                {endDate
                  ? subscriptionActionTexts.keepsUntil(planName, endDate)
                  : subscriptionActionTexts.keepsUntilPeriodEnd(planName)}{' '}
                {subscriptionActionTexts.cancelText}
              </>
            }
            cancelLabel={subscriptionActionTexts.keep}
            confirmLabel={subscriptionActionTexts.cancel}
            confirmVariant="danger"
            busy={busy}
            isPending={cancel.isPending}
            onConfirm={(close) =>
              cancel.mutate(undefined, {
                onSuccess: () => {
                  close();
                  awaitWebhook((data) => data.subscription?.cancelAtPeriodEnd === true);
                },
                onError,
              })
            }
          />
        )}
        {running && current.cancelAtPeriodEnd && (
          <Button
            variant="primary"
            disabled={busy}
            aria-busy={resume.isPending || undefined}
            onClick={() =>
              resume.mutate(undefined, {
                onSuccess: () => awaitWebhook((data) => data.subscription?.cancelAtPeriodEnd === false),
                onError,
              })
            }
          >
            {resume.isPending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
            {subscriptionActionTexts.resume}
          </Button>
        )}
        <Button
          variant="outline"
          disabled={busy}
          aria-busy={portal.isPending || undefined}
          onClick={() => portal.mutate(undefined, { onError })}
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          {subscriptionActionTexts.manage}
        </Button>
      </div>
      {awaiting && !confirmed && (
        <p role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          {!gaveUp && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          {gaveUp ? subscriptionActionTexts.slow : subscriptionActionTexts.waiting}
        </p>
      )}
    </div>
  );
}

function SwitchPlanButton(props: {
  from: PaidPlan;
  to: PaidPlan;
  busy: boolean;
  isPending: boolean;
  onConfirm: (close: () => void) => void;
}) {
  const target = plans[props.to];
  const upgrade = target.priceCents > plans[props.from].priceCents;
  const price = formatMoney(target.priceCents);
  return (
    <ConfirmButton
      label={subscriptionActionTexts.switchTo(target.name)}
      variant={upgrade ? 'primary' : 'outline'}
      title={subscriptionActionTexts.switchTitle(target.name)}
      description={
        upgrade
          ? subscriptionActionTexts.upgradeText(target.name, price)
          : subscriptionActionTexts.downgradeText(target.name, price)
      }
      cancelLabel="Not now"
      confirmLabel={subscriptionActionTexts.switchTo(target.name)}
      confirmVariant="primary"
      busy={props.busy}
      isPending={props.isPending}
      onConfirm={props.onConfirm}
    />
  );
}

/** A button that asks first; the dialog stays open while the request runs and closes on success. */
function ConfirmButton(props: {
  label: string;
  variant: 'primary' | 'outline' | 'danger-outline';
  title: string;
  description: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  confirmVariant: 'primary' | 'danger';
  busy: boolean;
  isPending: boolean;
  onConfirm: (close: () => void) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={props.variant} disabled={props.busy} onClick={() => setOpen(true)}>
        {props.label}
      </Button>
      <AlertDialog open={open} onOpenChange={(next) => !props.isPending && setOpen(next)}>
        <AlertDialogContent>
          <AlertDialogTitle>{props.title}</AlertDialogTitle>
          <AlertDialogDescription>{props.description}</AlertDialogDescription>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogCancel asChild>
              <Button variant="outline" disabled={props.isPending}>
                {props.cancelLabel}
              </Button>
            </AlertDialogCancel>
            <Button
              variant={props.confirmVariant}
              disabled={props.isPending}
              aria-busy={props.isPending || undefined}
              onClick={() => props.onConfirm(() => setOpen(false))}
            >
              {props.isPending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
              {props.confirmLabel}
            </Button>
          </div>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
