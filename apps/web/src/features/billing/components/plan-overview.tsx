import { Fragment, useEffect } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { billingTexts } from '@app/shared/billing';
import { hasRight, moneyBackGuarantee, plans } from '@app/shared/plans';
import { isAdminUser, type User } from '@app/shared/user';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { currentUserQueryKey } from '../../../lib/query-client';
import { ApiUsageSummary } from './api-usage-summary';
import { billingConfigQueryOptions } from '../api/get-billing-config';
import { useSubscription } from '../api/get-subscription';
import { checkoutPath } from '../../../lib/checkout-plan';
import { isRunningSubscription, upgradeOptions } from '../lib/upgrade-options';
import { PlanBadge } from './plan-badge';
import { PaymentLinkButton } from './payment-link-button';
import { PlanComparison } from './plan-comparison';
import { SubscriptionSummary } from './subscription-summary';
import { SubscriptionActions } from './subscription-actions';
import { formatMoney } from '../../../lib/format/money';

interface PlanOverviewProps {
  user: User;
  /** Also offer Stripe's hosted payment page for each upgrade (docs/product.md#billing: the Enterprise Billing tab). */
  paymentLinks?: boolean;
}

/**
 * The plan, the subscription and the comparison, as Settings and the Enterprise Billing tab show
 * them. The server's tier wins over the session's: the webhook may have changed it since login.
 */
export function PlanOverview({ user, paymentLinks = false }: PlanOverviewProps) {
  const subscription = useSubscription();
  // Only the enterprise tab asks: it offers the hosted page only where card payments are set up.
  const billingConfig = useQuery({ ...billingConfigQueryOptions(), enabled: paymentLinks });
  const hostedPageReady = paymentLinks && billingConfig.data?.configured === true;
  const queryClient = useQueryClient();
  const serverTier = subscription.data?.tier;
  const tier = serverTier ?? user.tier;
  const admin = isAdminUser(user);
  // A running subscription changes plan through SubscriptionActions' switch, not a second checkout.
  const subscribed = isRunningSubscription(subscription.data?.subscription?.status);
  const upgrades = admin || subscribed ? [] : upgradeOptions(tier);

  // A tier changed by the webhook also changes the header (Upgrade button, Referral link).
  useEffect(() => {
    if (serverTier && serverTier !== user.tier)
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  }, [serverTier, user.tier, queryClient]);

  const current = { ...user, tier };
  return (
    <div className="space-y-6">
      <Card id="subscription" className="scroll-mt-24">
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <div className="space-y-1.5">
            <CardTitle>Subscription and usage</CardTitle>
            <CardDescription>
              {admin
                ? 'As an admin you have every feature without a subscription.'
                : `You are on the ${plans[tier].name} plan${tier === 'free' ? '' : ` (${formatMoney(plans[tier].priceCents)}/month)`}.`}
            </CardDescription>
          </div>
          <PlanBadge user={current} />
        </CardHeader>
        <CardContent className="space-y-6">
          <SubscriptionSummary
            data={subscription.data}
            isPending={subscription.isPending}
            error={subscription.error}
            onRetry={() => void subscription.refetch()}
          />
          {!admin && <SubscriptionActions />}
          <ApiUsageSummary allowed={hasRight(current, 'apiAccess')} />
          {upgrades.length > 0 && (
            <div className="flex flex-col gap-3 border-t border-zinc-200 pt-5 sm:flex-row sm:flex-wrap sm:items-center dark:border-zinc-800">
              {upgrades.map((plan) => (
                <Fragment key={plan}>
                  <Link
                    to={checkoutPath(plan)}
                    className={buttonClasses(plan === 'pro' ? 'primary' : 'outline')}
                  >
                    Get {plans[plan].name} for {formatMoney(plans[plan].priceCents)}/month
                  </Link>
                  {hostedPageReady && (
                    <PaymentLinkButton plan={plan} label={`${plans[plan].name} on Stripe's payment page`} />
                  )}
                </Fragment>
              ))}
              {paymentLinks && billingConfig.data?.configured === false && (
                <p className="w-full text-sm text-zinc-600 dark:text-zinc-400">
                  <span className="font-medium text-zinc-900 dark:text-white">
                    {billingTexts.notConfiguredTitle}:
                  </span>{' '}
                  {billingTexts.notConfiguredText}
                </p>
              )}
              <span className="text-xs text-zinc-500 dark:text-zinc-400">
                Cancel anytime, {moneyBackGuarantee}.
              </span>
            </div>
          )}
        </CardContent>
      </Card>
      <Card id="plans" className="scroll-mt-24">
        <CardHeader>
          <CardTitle>Compare plans</CardTitle>
          <CardDescription>What each plan includes. Prices are per month in US dollars.</CardDescription>
        </CardHeader>
        <CardContent>
          <PlanComparison currentTier={admin ? undefined : tier} canUpgrade={!admin && !subscribed} />
        </CardContent>
      </Card>
    </div>
  );
}
