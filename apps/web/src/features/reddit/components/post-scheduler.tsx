import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import type { ScheduledPost } from '@app/shared/posts';
import { useQueryClient } from '@tanstack/react-query';
import { deriveAccess } from '@app/shared/user';
import { redditTexts } from '@app/shared/reddit';
import { useSessionUser } from '../../../lib/session-context';
import { AccessAlert } from '../../../components/access-alert';
import { computeAccessGate } from '../../../components/access-gate';
import { currentUserQueryKey } from '../../../lib/query-client';
import { redditAccountsQueryKey, useRedditAccounts } from '../api/get-reddit-accounts';
import { loadedPosts, scheduledPostsQueryKey, useScheduledPostGroups } from '../api/get-scheduled-posts';
import { useResendVerification } from '../../../lib/resend-verification';
import { useNow } from '../hooks/use-now';
import { useDrawnInSlices } from '../../../lib/use-drawn-in-slices';
import { useStatusChangeNotices } from '../hooks/use-status-change-notices';
import { draftForEditing, draftFromPost, emptyDraft, type ScheduleDraft } from '../lib/schedule-draft';
import { ListSkeleton } from './list-states';
import { PostingSetupNotice } from './posting-setup-notice';
import { RedditAccountsCard } from './reddit-accounts-card';
import { SchedulePostForm } from './schedule-post-form';
import { ScheduledPostsList } from './scheduled-posts-list';
import { userTimeZone } from '../../../lib/format/place';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { cn } from '../../../components/ui/cn';
import { dayKeyOf } from '../calendar/calendar-dates';
import { postViews, useCalendarPlace, type PostView } from '../calendar/use-calendar-place';
import { calendarPageTexts } from '../lib/calendar-texts';

// Most visits show the list; the calendar's code comes when she opens a calendar view.
const PostsCalendar = lazy(async () => ({
  default: (await import('../calendar/posts-calendar')).PostsCalendar,
}));

/**
 * Connected accounts, the schedule form and the list of scheduled posts, behind the docs/product.md#reddit-posting access
 * gate. The /reddit page and the enterprise Scheduler tab both show this.
 */
export function PostScheduler({ initialImageId = '' }: { initialImageId?: string }) {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const fullAccess = deriveAccess(user).hasFullAccess;
  // The server refuses users without full access anyway; the gate explains that without asking.
  const accounts = useRedditAccounts({ enabled: fullAccess });
  const posts = useScheduledPostGroups({ enabled: fullAccess });
  const resend = useResendVerification();
  const [draft, setDraft] = useState<ScheduleDraft>(() => ({ ...emptyDraft, imageId: initialImageId }));
  const [editing, setEditing] = useState<ScheduledPost | null>(null);
  const now = useNow();
  const [timeZone] = useState(userTimeZone);
  const today = dayKeyOf(now, timeZone);
  const place = useCalendarPlace(today);
  const formRef = useRef<HTMLDivElement>(null);
  // The form is above the list, but below the calendar on small screens: scroll to it, not to the top.
  const showForm = () => formRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  const gate = computeAccessGate(user, accounts.error ?? posts.pending.error ?? posts.done.error);
  const pending = useMemo(
    () => (posts.pending.data ? loadedPosts(posts.pending.data) : undefined),
    [posts.pending.data],
  );
  const done = useMemo(() => (posts.done.data ? loadedPosts(posts.done.data) : undefined), [posts.done.data]);
  // The form and the list are a long first render: drawn in slices, not in one task.
  const accountsAnswered = useDrawnInSlices(accounts.isLoading ? undefined : true);
  const listedPending = useDrawnInSlices(pending);
  const listedDone = useDrawnInSlices(done);
  const watched = useMemo(() => (pending && done ? [...pending, ...done] : undefined), [pending, done]);
  useStatusChangeNotices(watched);

  function retry() {
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    void queryClient.invalidateQueries({ queryKey: redditAccountsQueryKey });
    void queryClient.invalidateQueries({ queryKey: scheduledPostsQueryKey });
  }

  if (gate) {
    return (
      <AccessAlert
        gate={gate}
        onRetry={retry}
        resend={{
          pending: resend.isPending,
          sent: resend.isSuccess,
          onResend: (email) => resend.mutate(email),
        }}
      />
    );
  }

  // Nothing of the scheduler is drawn before the accounts answer: the setup notice (posting off) and
  // the accounts card arriving one after the other pushed the form and the list down (a layout shift
  // of 0.23 on a phone). The placeholder is about as tall as what replaces it.
  if (!accountsAnswered)
    return (
      <div className="min-h-[70vh]">
        <ListSkeleton label={redditTexts.schedulerLoading} rows={4} />
      </div>
    );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
      {accounts.data?.postingAvailable === false && (
        <div className="lg:col-span-2">
          <PostingSetupNotice />
        </div>
      )}
      {/* Under the calendar (which takes the whole width) the form keeps the wide column and the
          accounts move beside it. */}
      <div
        ref={formRef}
        className={cn(
          'scroll-mt-4 space-y-6',
          place.calendarView &&
            'lg:col-span-2 lg:grid lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:items-start lg:gap-6 lg:space-y-0',
        )}
      >
        <div className={cn(place.calendarView && 'lg:order-2')}>
          <RedditAccountsCard
            data={accounts.data}
            error={accounts.error}
            onRetry={retry}
            timeZone={timeZone}
          />
        </div>
        <SchedulePostForm
          draft={draft}
          onChange={setDraft}
          editing={editing}
          onStopEditing={() => {
            setEditing(null);
            setDraft((current) => ({ ...emptyDraft, accountId: current.accountId }));
          }}
          accounts={accounts.data?.accounts}
          now={now}
          timeZone={timeZone}
        />
      </div>
      <Tabs
        value={place.view}
        onValueChange={(value) => place.setView(value as PostView)}
        className={cn('min-w-0 space-y-3', place.calendarView && 'order-first lg:col-span-2')}
      >
        <TabsList aria-label={calendarPageTexts.viewsLabel}>
          {postViews.map((view) => (
            <TabsTrigger key={view} value={view}>
              {calendarPageTexts.views[view]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="list" className="mt-0">
          <ScheduledPostsList
            pending={{ posts: listedPending, paging: posts.pending, error: posts.pending.error }}
            done={{ posts: listedDone, paging: posts.done, error: posts.done.error }}
            onRetry={retry}
            now={now}
            timeZone={timeZone}
            onUseAgain={(post) => {
              setEditing(null);
              setDraft((current) => draftFromPost(post, current));
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
            editingId={editing?.id ?? null}
            onEdit={(post) => {
              setEditing(post);
              setDraft((current) => draftForEditing(post, current));
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        </TabsContent>
        {place.calendarView && (
          <TabsContent value={place.calendarView} className="mt-0">
            <Card>
              <CardHeader>
                <CardTitle>{calendarPageTexts.title}</CardTitle>
                <CardDescription>{calendarPageTexts.description}</CardDescription>
              </CardHeader>
              <CardContent>
                <Suspense fallback={<ListSkeleton label={calendarPageTexts.loading} />}>
                  <PostsCalendar
                    view={place.calendarView}
                    day={place.day}
                    today={today}
                    timeZone={timeZone}
                    onNavigate={place.setDay}
                    onEdit={(post) => {
                      setEditing(post);
                      setDraft((current) => draftForEditing(post, current));
                      showForm();
                    }}
                  />
                </Suspense>
              </CardContent>
            </Card>
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}
