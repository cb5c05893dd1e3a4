import { Heart, Send, Users, type LucideIcon } from 'lucide-react';
import { accountFlowTexts } from '@app/shared/messages';
import { usePublicMetrics } from '../api/get-metrics';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** 12 → "12", 12 345 → "12.3K+": big counts read as a rounded floor, hence the plus. */
export function formatCount(value: number): string {
  return value < 1000 ? decimal.format(value) : `${compact.format(value)}+`;
}

interface Stat {
  label: string;
  icon: LucideIcon;
  value?: string;
}

/** docs/product.md#landing-page: the public metrics (creators, engagement, posts), with a calm fallback when unavailable. */
export function MetricsBand() {
  const { data, isPending, isError } = usePublicMetrics();
  const stats: Stat[] = [
    { label: 'Creators on Creator Studio', icon: Users, value: data && formatCount(data.creators) },
    // The server counts creators' interactions (clicks, views, generations…) over the last 30 days.
    { label: 'Engagements in the last 30 days', icon: Heart, value: data && formatCount(data.engagement) },
    { label: 'Posts created', icon: Send, value: data && formatCount(data.posts) },
  ];

  return (
    <section aria-label="Creator Studio in numbers" className="mx-auto w-full max-w-5xl px-4 sm:px-6 lg:px-8">
      <dl
        aria-busy={isPending}
        className="grid divide-y divide-zinc-200 rounded-2xl border border-zinc-200 bg-white/80 shadow-sm backdrop-blur sm:grid-cols-3 sm:divide-x sm:divide-y-0 dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900/80"
      >
        {stats.map(({ label, icon: Icon, value }) => (
          <div key={label} className="flex flex-col items-center gap-1 px-6 py-6 text-center">
            <Icon aria-hidden="true" className="size-5 text-rose-500 dark:text-rose-400" />
            <dt className="order-3 text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
            <dd className="order-2 flex h-10 items-center text-3xl font-bold tracking-tight text-zinc-900 tabular-nums dark:text-white">
              {value ??
                (isPending ? (
                  <span className="inline-block h-8 w-20 animate-pulse rounded-lg bg-zinc-200 dark:bg-zinc-800">
                    <span className="sr-only">Loading</span>
                  </span>
                ) : (
                  <span className="text-zinc-400 dark:text-zinc-600">
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">Not available</span>
                  </span>
                ))}
            </dd>
          </div>
        ))}
      </dl>
      {isError && (
        <p role="status" className="mt-3 text-center text-sm text-zinc-500 dark:text-zinc-400">
          {accountFlowTexts.metricsUnavailable}
        </p>
      )}
    </section>
  );
}
