import { CalendarClock, CreditCard, FolderOpen, Sparkles, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/page-layout';
import { AiStudio } from '../../../features/ai/components/ai-studio';
import { BillingTab } from '../../../features/billing/components/billing-tab';
import { MediaLibrary } from '../../../features/media/components/media-library';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { Spinner } from '../../../components/ui/spinner';
import { isEnterpriseTab, tabFromSearch, type EnterpriseTab } from './enterprise-tabs';

// Its own chunk, fetched when the Scheduler tab first opens, so the other tabs load as fast as before.
const PostScheduler = lazy(() =>
  import('../../../features/reddit/components/post-scheduler').then((module) => ({
    default: module.PostScheduler,
  })),
);

const panels: Record<EnterpriseTab, { label: string; icon: LucideIcon; title: string; description: string }> =
  {
    'ai-studio': {
      label: 'AI Studio',
      icon: Sparkles,
      title: 'AI Studio',
      description:
        'Generate posts for several platforms at once, with your chosen style and number of variants.',
    },
    media: {
      label: 'Media',
      icon: FolderOpen,
      title: 'Media library',
      description:
        'Upload images and videos up to 50 MB each, watch your storage and keep everything watermarked.',
    },
    scheduler: {
      label: 'Scheduler',
      icon: CalendarClock,
      title: 'Post scheduler',
      description:
        'Queue Reddit posts for the optimal time, now, or a time you choose, and follow what happened to each.',
    },
    billing: {
      label: 'Billing',
      icon: CreditCard,
      title: 'Billing',
      description: 'Your plan and subscription, and a secure Stripe payment page to upgrade.',
    },
  };

export function EnterprisePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const active = tabFromSearch(searchParams);
  // Once opened, the AI Studio stays mounted (hidden) so a look at another tab keeps its results.
  const [keepStudio, setKeepStudio] = useState(active === 'ai-studio');
  if (active === 'ai-studio' && !keepStudio) setKeepStudio(true);

  // Tab changes replace the history entry so Back leaves the page instead of cycling through tabs.
  function selectTab(value: string) {
    if (!isEnterpriseTab(value)) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', value);
        next.delete('scheduler');
        return next;
      },
      { replace: true },
    );
  }

  return (
    <PageLayout
      title="Enterprise Dashboard"
      description="Your advanced workspace for creating, storing, scheduling and billing."
    >
      <Tabs value={active} onValueChange={selectTab}>
        {/* On a phone the four tabs share the width (icons hidden; max-sm: because cn does not merge conflicting classes) so the selected one is never scrolled away. */}
        <TabsList aria-label="Enterprise sections" className="max-sm:grid max-sm:w-full max-sm:grid-cols-4">
          {Object.entries(panels).map(([value, { label, icon: Icon }]) => (
            <TabsTrigger key={value} value={value} className="justify-center max-sm:px-1">
              <Icon aria-hidden="true" className="max-sm:hidden" /> {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {Object.keys(panels).map((value) => (
          <TabsContent
            key={value}
            value={value}
            forceMount={value === 'ai-studio' && keepStudio ? true : undefined}
            hidden={value !== active}
          >
            {value === 'media' ? (
              <MediaLibrary />
            ) : value === 'ai-studio' ? (
              <AiStudio />
            ) : value === 'scheduler' ? (
              <Suspense fallback={<Spinner className="py-24" />}>
                <PostScheduler />
              </Suspense>
            ) : (
              <BillingTab />
            )}
          </TabsContent>
        ))}
      </Tabs>
    </PageLayout>
  );
}
