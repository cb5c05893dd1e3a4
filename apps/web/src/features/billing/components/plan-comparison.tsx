import { Check, Minus } from 'lucide-react';
import { Link } from 'react-router';
import { planComparison, plans, type PaidPlan } from '@app/shared/plans';
import { tiers, type Tier } from '@app/shared/user';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { checkoutPath } from '../../../lib/checkout-plan';
import { upgradeOptions } from '../lib/upgrade-options';

interface PlanComparisonProps {
  /** The plan the user has now; undefined hides "Current plan" marks (e.g. admins). */
  currentTier: Tier | undefined;
  /** False for admins: they have every right already. */
  canUpgrade: boolean;
}

function Cell({ value }: { value: string | boolean }) {
  if (value === true) {
    return (
      <>
        <Check aria-hidden="true" className="mx-auto size-4 text-emerald-600 dark:text-emerald-400" />
        <span className="sr-only">Included</span>
      </>
    );
  }
  if (value === false) {
    return (
      <>
        <Minus aria-hidden="true" className="mx-auto size-4 text-zinc-400" />
        <span className="sr-only">Not included</span>
      </>
    );
  }
  return <>{value}</>;
}

/** docs/product.md#billing: the feature comparison by tier, rendered from the shared catalogue's rows. */
export function PlanComparison({ currentTier, canUpgrade }: PlanComparisonProps) {
  const upgrades: readonly PaidPlan[] = canUpgrade && currentTier ? upgradeOptions(currentTier) : [];
  // `relative`: the cells' sr-only texts are absolutely positioned and would otherwise widen the page.
  return (
    <>
      <p className="mb-2 text-xs text-zinc-500 sm:hidden dark:text-zinc-400" aria-hidden="true">
        Swipe the table sideways to see every plan.
      </p>
      <div className="relative -mx-6 overflow-x-auto px-6">
        <table className="w-full min-w-[32rem] border-separate border-spacing-0 text-sm">
          <caption className="sr-only">Features of the Free, Starter and Pro plans</caption>
          <thead>
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-[1] w-2/5 bg-white pb-3 text-left font-medium text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400"
              >
                Feature
              </th>
              {tiers.map((tier) => (
                <th
                  key={tier}
                  scope="col"
                  className={cn(
                    'rounded-t-xl px-2 pt-3 pb-3 text-center align-bottom',
                    tier === currentTier && 'bg-rose-50 dark:bg-rose-500/10',
                  )}
                >
                  <span className="block text-base font-semibold text-zinc-900 dark:text-white">
                    {plans[tier].name}
                  </span>
                  {tier === currentTier && (
                    <span className="mt-1 block text-xs font-medium text-rose-700 dark:text-rose-300">
                      Current plan
                    </span>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {planComparison.map((row) => (
              <tr key={row.label}>
                <th
                  scope="row"
                  className="sticky left-0 z-[1] border-t border-zinc-200 bg-white py-2.5 pr-3 text-left font-normal text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
                >
                  {row.label}
                </th>
                {tiers.map((tier) => (
                  <td
                    key={tier}
                    className={cn(
                      'border-t border-zinc-200 px-2 py-2.5 text-center font-medium text-zinc-900 dark:border-zinc-800 dark:text-zinc-100',
                      tier === currentTier && 'bg-rose-50 dark:bg-rose-500/10',
                    )}
                  >
                    <Cell value={row.values[tier]} />
                  </td>
                ))}
              </tr>
            ))}
            {upgrades.length > 0 && (
              <tr>
                <td className="sticky left-0 z-[1] bg-white pt-4 dark:bg-zinc-900" />
                {tiers.map((tier) => {
                  const upgrade = upgrades.find((plan) => plan === tier);
                  return (
                    <td
                      key={tier}
                      className={cn(
                        'rounded-b-xl px-2 pt-4 pb-3 text-center',
                        tier === currentTier && 'bg-rose-50 dark:bg-rose-500/10',
                      )}
                    >
                      {upgrade && (
                        <Link
                          to={checkoutPath(upgrade)}
                          className={buttonClasses(upgrade === 'pro' ? 'primary' : 'outline', 'sm')}
                        >
                          Upgrade to {plans[upgrade].name}
                        </Link>
                      )}
                    </td>
                  );
                })}
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
