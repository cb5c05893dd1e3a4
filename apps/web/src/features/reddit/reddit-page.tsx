import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BarChart3, CalendarClock, Check, Link2, ListChecks, LogIn, Search } from 'lucide-react';
import { useSessionUser } from '../../lib/session-context';
import { PageLayout } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PostScheduler } from './components/post-scheduler';
import { RepostList } from './reposts/repost-list';
import { deriveAccess } from '@app/shared/user';
import { redditPageTexts } from './lib/reddit-texts';

function VisitorInvite() {
  return (
    <Card className="flex flex-col gap-5 p-6 sm:flex-row sm:items-center sm:p-8">
      <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-[#ff4500] text-white">
        <CalendarClock aria-hidden="true" className="size-7" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-semibold">{redditPageTexts.visitorTitle}</h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{redditPageTexts.visitorText}</p>
        <ul className="mt-3 grid gap-1.5 text-sm text-zinc-700 sm:grid-cols-2 dark:text-zinc-300">
          {redditPageTexts.visitorHighlights.map((highlight) => (
            <li key={highlight} className="flex items-center gap-2">
              <Check aria-hidden="true" className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
              {highlight}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to="/login">
            <LogIn aria-hidden="true" className="size-4" />
            Log In
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/signup">Sign Up</Link>
        </Button>
      </div>
    </Card>
  );
}

/** docs/product.md#reddit-posting: /reddit, posting to Reddit behind the access gate (docs/product.md#reddit-posting). Public, so visitors get an invitation. */
export function RedditPage() {
  const user = useSessionUser();
  const [searchParams, setSearchParams] = useSearchParams();
  // ?photo={id}: the gallery sends a photo here to be posted; it goes into the form once.
  const [photo] = useState(() => searchParams.get('photo') ?? '');
  useEffect(() => {
    if (!searchParams.has('photo')) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('photo');
        return next;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);
  return (
    <PageLayout
      title={redditPageTexts.title}
      description={redditPageTexts.description}
      actions={
        user && (
          <>
            <Button asChild variant="outline">
              <Link to="/reddit/campaigns">
                <ListChecks aria-hidden="true" className="size-4" />
                Campaigns
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/results">
                <BarChart3 aria-hidden="true" className="size-4" />
                Results
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/links">
                <Link2 aria-hidden="true" className="size-4" />
                Tracked links
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/reddit/communities">
                <Search aria-hidden="true" className="size-4" />
                Find communities
              </Link>
            </Button>
          </>
        )
      }
    >
      {user ? (
        <div className="space-y-6">
          <PostScheduler initialImageId={photo} />
          {/* Series started from a sent post's "Repost every N days" are followed here too. */}
          {deriveAccess(user).hasFullAccess && <RepostList enabled onlyWhenAny />}
        </div>
      ) : (
        <VisitorInvite />
      )}
    </PageLayout>
  );
}
