import { useState } from 'react';
import type { ScheduledPost } from '@app/shared/posts';
import { useQueryClient } from '@tanstack/react-query';
import { deriveAccess } from '@app/shared/user';
import { useSessionUser } from '../../../lib/session-context';
import { AccessAlert } from '../../../components/access-alert';
import { computeAccessGate } from '../../../components/access-gate';
import { currentUserQueryKey } from '../../../lib/query-client';
import { redditAccountsQueryKey, useRedditAccounts } from '../api/get-reddit-accounts';
import { scheduledPostsQueryKey, useScheduledPosts } from '../api/get-scheduled-posts';
import { useResendVerification } from '../../../lib/resend-verification';
import { useNow } from '../hooks/use-now';
import { useStatusChangeNotices } from '../hooks/use-status-change-notices';
import { draftForEditing, draftFromPost, emptyDraft, type ScheduleDraft } from '../lib/schedule-draft';
import { RedditAccountsCard } from './reddit-accounts-card';
import { SchedulePostForm } from './schedule-post-form';
import { ScheduledPostsList } from './scheduled-posts-list';
import { userTimeZone } from '../../../lib/format/place';

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
  const posts = useScheduledPosts({ enabled: fullAccess });
  const resend = useResendVerification();
  const [draft, setDraft] = useState<ScheduleDraft>(() => ({ ...emptyDraft, imageId: initialImageId }));
  const [editing, setEditing] = useState<ScheduledPost | null>(null);
  const now = useNow();
  const [timeZone] = useState(userTimeZone);
  const gate = computeAccessGate(user, accounts.error ?? posts.error);
  useStatusChangeNotices(posts.data);

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

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
      <div className="space-y-6">
        <RedditAccountsCard data={accounts.data} error={accounts.error} onRetry={retry} timeZone={timeZone} />
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
      <ScheduledPostsList
        posts={posts.data}
        error={posts.error}
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
    </div>
  );
}
