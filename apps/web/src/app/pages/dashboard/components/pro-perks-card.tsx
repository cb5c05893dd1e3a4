import { Link } from 'react-router';
import { Crown } from 'lucide-react';
import { dashboardTexts } from '@app/shared/dashboard';
import { hasRight } from '@app/shared/plans';
import { Button } from '../../../../components/ui/button';
import { useSessionUser } from '../../../../lib/session-context';
import { DashboardCard } from './dashboard-card';

/** Pro members are reminded of their perks; everyone else sees what Pro adds and where to get it. */
export function ProPerksCard() {
  const user = useSessionUser();
  // Admins hold every right, so they count as members here too.
  const isPro = user ? hasRight(user, 'advancedAnalytics') : false;
  return (
    <DashboardCard title={dashboardTexts.proPerksTitle} icon={Crown} data-tour="pro-perks">
      <div className="flex flex-1 flex-col gap-3 text-sm">
        <p className="text-zinc-600 dark:text-zinc-400">
          {isPro ? dashboardTexts.proPerksMember : dashboardTexts.proPerksUpsell}
        </p>
        <div className="mt-auto flex flex-wrap gap-2">
          <Button asChild size="sm" variant={isPro ? 'primary' : 'outline'}>
            <Link to="/pro-perks">{dashboardTexts.proPerksLink}</Link>
          </Button>
          {!isPro && (
            <Button asChild size="sm">
              <Link to="/settings">{dashboardTexts.proPerksUpgrade}</Link>
            </Button>
          )}
        </div>
      </div>
    </DashboardCard>
  );
}
