import { useId } from 'react';
import { Play, Square } from 'lucide-react';
import type { RepostSeries } from '@app/shared/reposts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { formatDateTime } from '../../../lib/format/date-time';
import { useRepostAction, useReposts } from '../api/reposts';
import { hintClasses } from '../components/field-styles';
import { repostPageTexts as texts } from '../lib/repost-texts';

const statusTone: Record<RepostSeries['status'], string> = {
  active: 'bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-500/15 dark:text-sky-200 dark:ring-sky-500/30',
  stopped: 'bg-zinc-100 text-zinc-700 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700',
};

function RepostCard({ series }: { series: RepostSeries }) {
  const id = useId();
  const action = useRepostAction();
  const where = series.subreddits.map((name) => `r/${name}`).join(', ');
  return (
    <li
      className="space-y-2 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
      aria-labelledby={`${id}-where`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id={`${id}-where`} className="min-w-0 font-semibold break-all">
          {where}
        </h3>
        <span
          className={cn(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
            statusTone[series.status],
          )}
        >
          {texts.statusNames[series.status]}
        </span>
      </div>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {texts.every(series.everyDays)} · {texts.rounds(series.rounds)}
        {series.status === 'active' && (
          <>
            {' · '}
            {texts.nextRun} <time dateTime={series.nextRunAt}>{formatDateTime(series.nextRunAt)}</time>
          </>
        )}
      </p>
      <p className={cn(hintClasses, 'break-words')}>{series.titles.join(' · ')}</p>
      {series.status === 'stopped' && series.stoppedReason && (
        <p className="rounded-lg bg-amber-50 p-2.5 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-100">
          {series.stoppedReason}
        </p>
      )}
      {series.status === 'active' && series.lastRoundNote && (
        <p className={hintClasses}>{series.lastRoundNote}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {series.status === 'active' ? (
          <Button
            size="sm"
            variant="outline"
            disabled={action.isPending}
            aria-label={`${texts.stop}: ${where}`}
            onClick={() => action.mutate({ id: series.id, action: 'stop' })}
          >
            <Square aria-hidden="true" className="size-4" />
            {texts.stop}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={action.isPending}
            aria-label={`${texts.resume}: ${where}`}
            onClick={() => action.mutate({ id: series.id, action: 'resume' })}
          >
            <Play aria-hidden="true" className="size-4" />
            {texts.resume}
          </Button>
        )}
      </div>
    </li>
  );
}

/** "Reposts": every recurring repost with its next round, its status and why it stopped. */
export function RepostList({ enabled, onlyWhenAny = false }: { enabled: boolean; onlyWhenAny?: boolean }) {
  const reposts = useReposts({ enabled });
  // On the posting page the section appears once there is a series; the campaigns page always has it.
  if (onlyWhenAny && !reposts.data?.length) return null;
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold">{texts.listTitle}</h2>
      {reposts.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {texts.listFailed}
        </p>
      ) : !reposts.data ? (
        <p className={hintClasses}>Loading…</p>
      ) : reposts.data.length === 0 ? (
        <p className={hintClasses}>{texts.listEmpty}</p>
      ) : (
        <ul className="space-y-3">
          {reposts.data.map((series) => (
            <RepostCard key={series.id} series={series} />
          ))}
        </ul>
      )}
    </Card>
  );
}
