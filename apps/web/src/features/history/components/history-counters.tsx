import { Bot, Files, Filter, MessageSquare, type LucideIcon } from 'lucide-react';
import type { ContentGenerationStats } from '@app/shared/history';
import { Card } from '../../../components/ui/card';
import { historyTexts } from '../lib/history-texts';

/** docs/product.md#content-history: total, AI generated, reddit posts and filtered results; undefined while they load. */
export function HistoryCounters({
  counters,
  failed = false,
}: {
  counters?: ContentGenerationStats;
  failed?: boolean;
}) {
  const cards: Array<{ label: string; icon: LucideIcon; value?: number }> = [
    { label: historyTexts.counters.total, icon: Files, value: counters?.total },
    { label: historyTexts.counters.aiGenerated, icon: Bot, value: counters?.aiGenerated },
    { label: historyTexts.counters.redditPosts, icon: MessageSquare, value: counters?.redditPosts },
    { label: historyTexts.counters.filtered, icon: Filter, value: counters?.filtered },
  ];
  return (
    <ul aria-label="Counters" className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      {cards.map(({ label, icon: Icon, value }) => (
        <li key={label}>
          <Card className="flex h-full items-center gap-3 p-4 sm:p-5">
            <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-rose-50 text-rose-600 sm:inline-flex dark:bg-rose-500/15 dark:text-rose-300">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div className="flex min-w-0 flex-col">
              <span className="text-xs font-medium text-zinc-500 sm:text-sm dark:text-zinc-400">{label}</span>
              <span
                data-counter={label}
                className="text-2xl font-bold tracking-tight text-zinc-900 tabular-nums dark:text-white"
              >
                {value ??
                  (failed ? (
                    <span title="Could not be counted just now">
                      –<span className="sr-only">Not available</span>
                    </span>
                  ) : (
                    <span className="my-1 inline-block h-6 w-14 animate-pulse rounded-md bg-zinc-200 dark:bg-zinc-800">
                      <span className="sr-only">Loading</span>
                    </span>
                  ))}
              </span>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
