import { Link } from 'react-router';
import {
  CalendarClock,
  FileWarning,
  History,
  Images,
  PenLine,
  ScanSearch,
  ShieldCheck,
  Users,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { dashboardQuickActions, dashboardTexts, type DashboardQuickActionId } from '@app/shared/dashboard';
import { DashboardCard } from './dashboard-card';

const icons: Record<DashboardQuickActionId, LucideIcon> = {
  caption: PenLine,
  gallery: Images,
  imageshield: ShieldCheck,
  'trace-leak': ScanSearch,
  communities: Users,
  scheduler: CalendarClock,
  history: History,
  leakCases: FileWarning,
};

// The onboarding walkthrough points at these (see features/onboarding).
const tourTargets: Partial<Record<DashboardQuickActionId, string>> = {
  caption: 'content-creator',
  imageshield: 'image-shield',
  communities: 'reddit-communities',
};

/** One link into each feature, so the dashboard is the place to start any task. */
export function QuickActions({ className }: { className?: string }) {
  return (
    <DashboardCard title={dashboardTexts.quickActionsTitle} icon={Zap} className={className}>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 xl:grid-cols-3">
        {dashboardQuickActions.map((action) => {
          const Icon = icons[action.id];
          return (
            <li key={action.id} data-tour={tourTargets[action.id]}>
              <Link
                to={action.to}
                className="group flex h-full items-start gap-3 rounded-xl border border-zinc-200 p-3 transition-colors hover:border-rose-300 hover:bg-rose-50/60 focus-visible:outline-2 focus-visible:outline-rose-600 dark:border-zinc-800 dark:hover:border-rose-500/40 dark:hover:bg-rose-500/10"
              >
                <span className="rounded-lg bg-rose-100 p-2 text-rose-700 dark:bg-rose-500/15 dark:text-rose-300">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <span className="min-w-0">
                  <span className="block text-sm font-semibold text-zinc-900 dark:text-white">
                    {action.label}
                  </span>
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">{action.hint}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </DashboardCard>
  );
}
