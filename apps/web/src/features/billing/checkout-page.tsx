import { useEffect } from 'react';
import { ArrowLeft, Check, CircleAlert, CreditCard, Settings, ShieldCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { billingErrorCodes, billingTexts } from '@app/shared/billing';
import { moneyBackGuarantee, plans, type PaidPlan } from '@app/shared/plans';
import { isAdminUser } from '@app/shared/user';
import { PageLayout } from '../../components/page-layout';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { ApiError, userFacingMessage } from '../../lib/request';
import { billingErrorText } from './lib/billing-error-text';
import { useSessionUser } from '../../lib/session-context';
import { useBillingConfig } from './api/get-billing-config';
import { useCheckoutSession } from './api/create-subscription';
import { CardPaymentForm } from './components/card-payment-form';
import { checkoutPath, checkoutPlanFrom } from '../../lib/checkout-plan';
import { upgradeOptions } from './lib/upgrade-options';
import { formatMoney } from '../../lib/format/money';

export const checkoutTexts = {
  preparing: 'Preparing secure payment...',
  notConfiguredNext:
    'Nothing was charged and your current plan stays as it is. Card payments will open here as soon as they are set up.',
  nothingToPay: 'Nothing to pay',
  switchInstead: 'Switch your plan instead',
  toSubscription: 'Switch in Settings',
} as const;

function PlanSummary({ plan }: { plan: PaidPlan }) {
  const other: PaidPlan = plan === 'pro' ? 'starter' : 'pro';
  return (
    <Card>
      <CardHeader>
        <CardTitle>{plans[plan].name} plan</CardTitle>
        <CardDescription>Billed monthly. Cancel anytime, {moneyBackGuarantee}.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <p className="text-4xl font-bold tracking-tight">
          <span>{formatMoney(plans[plan].priceCents)}</span>
          <span className="text-base font-medium text-zinc-500"> / month</span>
        </p>
        <ul className="space-y-2 text-sm" aria-label={`${plans[plan].name} plan includes`}>
          {plans[plan].features.map((feature) => (
            <li key={feature} className="flex items-start gap-2 text-zinc-700 dark:text-zinc-300">
              <Check
                aria-hidden="true"
                className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
              />
              {feature}
            </li>
          ))}
        </ul>
        <p className="border-t border-zinc-200 pt-4 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
          Looking for {plans[other].name} ({formatMoney(plans[other].priceCents)}/month) instead?{' '}
          <Link
            to={checkoutPath(other)}
            replace
            className="font-medium text-rose-600 hover:underline dark:text-rose-400"
          >
            Switch to {plans[other].name}
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}

function Notice({
  tone,
  title,
  children,
}: {
  tone: 'info' | 'error';
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className="space-y-4">
      <div className="flex gap-3">
        <CircleAlert
          aria-hidden="true"
          className={
            tone === 'error' ? 'mt-0.5 size-5 shrink-0 text-red-500' : 'mt-0.5 size-5 shrink-0 text-amber-500'
          }
        />
        <div>
          <h3 className="font-semibold text-zinc-900 dark:text-white">{title}</h3>
          {children}
        </div>
      </div>
    </div>
  );
}

const settingsLink = (
  <Link to="/settings" className={buttonClasses('outline')}>
    <Settings aria-hidden="true" className="size-4" /> Back to Settings
  </Link>
);

/** docs/product.md#billing: loading, ready with a client secret, 'Payment initialization failed' or 'Payment System Not Configured'. */
function PaymentPanel({ plan }: { plan: PaidPlan }) {
  const config = useBillingConfig();
  const configured = config.data?.configured === true && Boolean(config.data.publishableKey);
  const session = useCheckoutSession(plan, configured);
  const setupError = session.error;
  const notConfiguredByServer =
    setupError instanceof ApiError && setupError.code === billingErrorCodes.notConfigured;
  const switchInstead =
    setupError instanceof ApiError && setupError.code === billingErrorCodes.planChangeRequired;
  // Paying already (this plan, or the other one, which is switched rather than bought twice): not a failure.
  const alreadyPaying =
    (setupError instanceof ApiError && setupError.code === billingErrorCodes.alreadySubscribed) ||
    switchInstead;

  // docs/product.md#billing: 'Setup Failed' when the payment cannot be started (not when it simply is not needed).
  useEffect(() => {
    if (setupError && !notConfiguredByServer && !alreadyPaying) {
      toast.error(billingTexts.setupFailed, {
        id: 'checkout-setup-failed',
        description: billingErrorText(setupError),
      });
    }
  }, [setupError, notConfiguredByServer, alreadyPaying]);

  if (config.isPending || (configured && session.isPending)) {
    return <Spinner label={checkoutTexts.preparing} className="py-10" />;
  }
  if (config.error) {
    return (
      <Notice tone="error" title={billingTexts.initializationFailed}>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{userFacingMessage(config.error)}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button onClick={() => void config.refetch()}>Try again</Button>
          {settingsLink}
        </div>
      </Notice>
    );
  }
  if (!configured || notConfiguredByServer) {
    return (
      <Notice tone="info" title={billingTexts.notConfiguredTitle}>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{billingTexts.notConfiguredText}</p>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{checkoutTexts.notConfiguredNext}</p>
        <div className="mt-4 flex flex-wrap gap-2">{settingsLink}</div>
      </Notice>
    );
  }
  if (setupError || !session.data || !config.data?.publishableKey) {
    return (
      <Notice
        tone="error"
        title={
          switchInstead
            ? checkoutTexts.switchInstead
            : alreadyPaying
              ? checkoutTexts.nothingToPay
              : billingTexts.initializationFailed
        }
      >
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{billingErrorText(setupError)}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          {!alreadyPaying && <Button onClick={() => void session.refetch()}>Try again</Button>}
          {switchInstead ? (
            <Link to="/settings#subscription" className={buttonClasses('primary')}>
              {checkoutTexts.toSubscription}
            </Link>
          ) : (
            settingsLink
          )}
        </div>
      </Notice>
    );
  }
  return (
    <CardPaymentForm
      plan={plan}
      clientSecret={session.data.clientSecret}
      publishableKey={config.data.publishableKey}
    />
  );
}

export function CheckoutPage() {
  const [searchParams] = useSearchParams();
  const plan = checkoutPlanFrom(searchParams);
  const user = useSessionUser();
  // Admins have everything; a user already on this plan (or above it) has nothing to buy here.
  const eligible = user !== null && !isAdminUser(user) && upgradeOptions(user.tier).includes(plan);

  return (
    <PageLayout
      title="Checkout"
      description="Review your plan and pay securely by card."
      actions={
        <Link
          to="/settings"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-rose-600 hover:underline dark:text-rose-400"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> Back to Settings
        </Link>
      }
    >
      <div className="grid items-start gap-6 md:grid-cols-2">
        <PlanSummary plan={plan} />
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <CreditCard aria-hidden="true" className="size-5 text-rose-600 dark:text-rose-400" /> Card
              payment
            </CardTitle>
            <CardDescription className="flex items-start gap-2">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              Your card details go straight to Stripe, our payment provider, and never touch our servers.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {eligible ? (
              <PaymentPanel key={plan} plan={plan} />
            ) : (
              <Notice tone="info" title={checkoutTexts.nothingToPay}>
                <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                  {user && isAdminUser(user)
                    ? 'As an admin you already have every feature, so there is nothing to buy.'
                    : user?.tier === plan
                      ? `You are already on the ${plans[plan].name} plan. Its next bill date is in Settings.`
                      : `Your ${user ? plans[user.tier].name : ''} plan already includes everything in ${plans[plan].name}.`}
                </p>
                <div className="mt-4 flex flex-wrap gap-2">{settingsLink}</div>
              </Notice>
            )}
          </CardContent>
        </Card>
      </div>
    </PageLayout>
  );
}
