import type { AdminUser } from '@app/shared/admin';
import { isSuspended } from '@app/shared/user';
import { cn } from '../../../components/ui/cn';
import { formatDateTime } from '../../../lib/format/date-time';

function Badge({ tone, children }: { tone: 'red' | 'amber' | 'green' | 'zinc'; children: string }) {
  const tones = {
    red: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300',
    amber: 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-300',
    green: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
    zinc: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  };
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

/** Ban, suspension and verification at a glance; "Active" when nothing restricts the account. */
export function UserStatusBadges({ user }: { user: AdminUser }) {
  const badges = [];
  if (user.bannedAt)
    badges.push(
      <Badge key="ban" tone="red">
        Banned
      </Badge>,
    );
  if (isSuspended(user))
    badges.push(
      <Badge key="suspend" tone="amber">{`Suspended until ${formatDateTime(user.suspendedUntil!)}`}</Badge>,
    );
  if (!user.emailVerified)
    badges.push(
      <Badge key="verify" tone="zinc">
        Unverified
      </Badge>,
    );
  if (user.mustChangePassword)
    badges.push(
      <Badge key="password" tone="zinc">
        Must change password
      </Badge>,
    );
  if (badges.length === 0)
    badges.push(
      <Badge key="ok" tone="green">
        Active
      </Badge>,
    );
  return <div className="flex flex-wrap gap-1">{badges}</div>;
}

export function RoleBadge({ user }: { user: AdminUser }) {
  return user.isAdmin || user.role === 'admin' ? (
    <Badge tone="red">Admin</Badge>
  ) : (
    <Badge tone="zinc">User</Badge>
  );
}
