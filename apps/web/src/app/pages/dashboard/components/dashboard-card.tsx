import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { CircleAlert, type LucideIcon } from 'lucide-react';
import { dashboardTexts } from '@app/shared/dashboard';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../components/ui/cn';
import { userFacingMessage } from '../../../../lib/request';

interface DashboardCardProps extends Omit<ComponentProps<'section'>, 'title'> {
  title: string;
  icon: LucideIcon;
  /** A link to the full feature, shown next to the title. */
  link?: { to: string; label: string };
  children: ReactNode;
}

/** One dashboard tile: a titled region (so screen readers can jump to it) with an optional link out. */
export function DashboardCard({ title, icon: Icon, link, children, className, ...rest }: DashboardCardProps) {
  const headingId = `dashboard-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'flex min-w-0 flex-col rounded-2xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900',
        className,
      )}
      {...rest}
    >
      <div className="flex items-center justify-between gap-3 px-5 pt-5">
        <h2
          id={headingId}
          className="flex items-center gap-2 text-base font-semibold text-zinc-900 dark:text-white"
        >
          <Icon aria-hidden="true" className="size-5 text-rose-600 dark:text-rose-400" />
          {title}
        </h2>
        {link && (
          <Link to={link.to} className="text-sm font-medium text-rose-700 hover:underline dark:text-rose-300">
            {link.label}
          </Link>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">{children}</div>
    </section>
  );
}

/** A skeleton while the card's data loads, announced once by its label. */
/** `className` can reserve the loaded card's height, so the cards under it do not jump when it arrives. */
export function CardLoading({
  label,
  lines = 3,
  className,
}: {
  label: string;
  lines?: number;
  className?: string;
}) {
  return (
    <div role="status" className={cn('space-y-3', className)}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: lines }, (_, index) => (
        <div
          key={index}
          aria-hidden="true"
          className={cn(
            'h-4 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800',
            index === 0 ? 'w-2/3' : 'w-full',
          )}
        />
      ))}
    </div>
  );
}

/** What failed, the server's reason and a retry, without taking the rest of the dashboard down. */
export function CardError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-1 flex-col items-start gap-3 text-sm">
      <p className="flex items-start gap-2 font-medium text-zinc-900 dark:text-white">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-500" />
        {title}
      </p>
      <p className="text-zinc-600 dark:text-zinc-400">{userFacingMessage(error)}</p>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {dashboardTexts.tryAgain}
      </Button>
    </div>
  );
}

/** Nothing here yet: say why it is empty and offer the step that fills it. */
export function CardEmpty({
  title,
  hint,
  action,
}: {
  title: string;
  hint: string;
  action: { to: string; label: string };
}) {
  return (
    <div className="flex flex-1 flex-col items-start justify-center gap-2 text-sm">
      <h3 className="font-semibold text-zinc-900 dark:text-white">{title}</h3>
      <p className="text-zinc-600 dark:text-zinc-400">{hint}</p>
      <Button asChild size="sm" className="mt-1">
        <Link to={action.to}>{action.label}</Link>
      </Button>
    </div>
  );
}
