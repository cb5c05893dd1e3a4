import { Crown, ShieldCheck } from 'lucide-react';
import { plans } from '@app/shared/plans';
import { isAdminUser, type User } from '@app/shared/user';
import { cn } from '../../../components/ui/cn';

const tierStyles = {
  free: 'bg-zinc-100 text-zinc-700 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-200 dark:ring-zinc-700',
  starter: 'bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-500/15 dark:text-sky-200 dark:ring-sky-500/30',
  pro: 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-500/15 dark:text-amber-200 dark:ring-amber-500/30',
  admin:
    'bg-violet-50 text-violet-800 ring-violet-200 dark:bg-violet-500/15 dark:text-violet-200 dark:ring-violet-500/30',
} as const;

/** docs/product.md#billing: the user's plan, or 'Admin' for admins (who have every right whatever their tier). */
export function PlanBadge({
  user,
  className,
}: {
  user: Pick<User, 'tier' | 'isAdmin' | 'role'>;
  className?: string;
}) {
  const admin = isAdminUser(user);
  const label = admin ? 'Admin' : `${plans[user.tier].name} plan`;
  const Icon = admin ? ShieldCheck : Crown;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset',
        tierStyles[admin ? 'admin' : user.tier],
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
    </span>
  );
}
