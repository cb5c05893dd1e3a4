import { leakCaseStatusLabels, type LeakCaseStatus } from '@app/shared/leak-cases';
import { cn } from '../../../components/ui/cn';

const tones: Record<LeakCaseStatus, string> = {
  found: 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-200',
  notice_sent: 'bg-sky-100 text-sky-900 dark:bg-sky-500/15 dark:text-sky-200',
  removed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-500/15 dark:text-emerald-200',
  rejected: 'bg-red-100 text-red-900 dark:bg-red-500/15 dark:text-red-200',
};

/** The case's status in words (never colour alone). */
export function CaseStatusBadge({ status, className }: { status: LeakCaseStatus; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        tones[status],
        className,
      )}
    >
      {leakCaseStatusLabels[status]}
    </span>
  );
}
