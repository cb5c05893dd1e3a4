import { Megaphone, Percent, ShieldCheck, Users, type LucideIcon } from 'lucide-react';
import { communitiesTexts } from '@app/shared/messages';
import { Card } from '../../../components/ui/card';
import type { CommunitySummary } from '../lib/community-summary';

interface SummaryCardsProps {
  /** Undefined while the list loads. */
  summary?: CommunitySummary;
}

/** docs/product.md#communities: Total Communities, Avg Engagement, Allow Promotion and Require Verification. */
export function SummaryCards({ summary }: SummaryCardsProps) {
  const cards: Array<{ label: string; icon: LucideIcon; value?: string | number }> = [
    { label: communitiesTexts.totalCommunities, icon: Users, value: summary?.total },
    { label: communitiesTexts.avgEngagement, icon: Percent, value: summary?.avgEngagement },
    { label: communitiesTexts.allowPromotion, icon: Megaphone, value: summary?.allowPromotion },
    { label: communitiesTexts.requireVerification, icon: ShieldCheck, value: summary?.requireVerification },
  ];
  return (
    <ul aria-label="Summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      {cards.map(({ label, icon: Icon, value }) => (
        <li key={label}>
          <Card className="flex h-full items-center gap-3 p-4 sm:p-5">
            <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-rose-50 text-rose-600 sm:inline-flex dark:bg-rose-500/15 dark:text-rose-300">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div className="flex min-w-0 flex-col">
              <span className="text-xs font-medium text-zinc-500 sm:text-sm dark:text-zinc-400">{label}</span>
              <span className="text-2xl font-bold tracking-tight text-zinc-900 tabular-nums dark:text-white">
                {value ?? (
                  <span className="my-1 inline-block h-6 w-14 animate-pulse rounded-md bg-zinc-200 dark:bg-zinc-800">
                    <span className="sr-only">Loading</span>
                  </span>
                )}
              </span>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
