import { CircleCheck, CircleX, Clock } from 'lucide-react';
import type { ScheduledPostStatus } from '@app/shared/posts';
import { cn } from '../../../components/ui/cn';
import { statusLabels } from '../lib/reddit-texts';

const looks: Record<ScheduledPostStatus, { icon: typeof Clock; classes: string }> = {
  pending: {
    icon: Clock,
    classes:
      'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-500/15 dark:text-amber-200 dark:ring-amber-500/30',
  },
  sent: {
    icon: CircleCheck,
    classes:
      'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-500/15 dark:text-emerald-200 dark:ring-emerald-500/30',
  },
  failed: {
    icon: CircleX,
    classes: 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-500/15 dark:text-red-200 dark:ring-red-500/30',
  },
};

/** docs/product.md#reddit-posting: pending, sent or failed, in words (colour and icon only repeat them). */
export function StatusBadge({ status }: { status: ScheduledPostStatus }) {
  const { icon: Icon, classes } = looks[status];
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        classes,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {statusLabels[status]}
    </span>
  );
}
