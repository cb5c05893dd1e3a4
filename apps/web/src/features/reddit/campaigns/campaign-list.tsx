import { useId, useState } from 'react';
import { ExternalLink, Pause, Play, Repeat, XCircle } from 'lucide-react';
import type { Campaign } from '@app/shared/campaigns';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { formatDateTime } from '../../../lib/format/date-time';
import { useQueryClient } from '@tanstack/react-query';
import { useCampaignAction, useCampaignDetail } from '../api/campaigns';
import { campaignsQueryKey } from '../api/get-campaigns';
import { useCancelScheduledPost } from '../api/cancel-scheduled-post';
import { ConfirmDialog } from '../components/confirm-dialog';
import { StatusBadge } from '../components/status-badge';
import { hintClasses } from '../components/field-styles';
import { campaignPageTexts as texts } from '../lib/campaign-texts';
import { repostPageTexts } from '../lib/repost-texts';
import { RepostDialog } from '../reposts/repost-dialog';

const statusTone: Record<Campaign['status'], string> = {
  active: 'bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-500/15 dark:text-sky-200 dark:ring-sky-500/30',
  paused:
    'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-500/15 dark:text-amber-200 dark:ring-amber-500/30',
  cancelled: 'bg-zinc-100 text-zinc-700 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700',
  done: 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-500/15 dark:text-emerald-200 dark:ring-emerald-500/30',
};

function CampaignPosts({ id }: { id: string }) {
  const detail = useCampaignDetail(id, { enabled: true });
  const queryClient = useQueryClient();
  const cancel = useCancelScheduledPost();
  if (detail.isPending) return <p className={hintClasses}>Loading posts…</p>;
  if (detail.error)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {texts.listFailed}
      </p>
    );
  return (
    <ol className="divide-y divide-zinc-200 dark:divide-zinc-800">
      {detail.data.posts.map((post) => (
        <li key={post.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
          <StatusBadge status={post.status} />
          <span className="font-medium break-all">r/{post.subreddit}</span>
          <time dateTime={post.scheduledAt} className="text-zinc-600 dark:text-zinc-400">
            {formatDateTime(post.scheduledAt)}
          </time>
          {post.copyState && post.status === 'pending' && (
            <span className={hintClasses}>{texts.copyStates[post.copyState]}</span>
          )}
          {post.status === 'sent' && post.resultJson?.url && (
            <a
              href={post.resultJson.url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-rose-700 underline-offset-2 hover:underline dark:text-rose-300"
            >
              View on Reddit
              <ExternalLink aria-hidden="true" className="size-3.5" />
            </a>
          )}
          {post.status === 'pending' && (
            <Button
              size="sm"
              variant="ghost"
              className="ml-auto"
              aria-label={texts.cancelPost(post.subreddit)}
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(post.id, {
                  onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKey }),
                })
              }
            >
              <XCircle aria-hidden="true" className="size-4" />
            </Button>
          )}
          {post.status === 'failed' && post.resultJson?.error && (
            <span className="basis-full text-red-700 dark:text-red-400">{post.resultJson.error}</span>
          )}
          <span className="basis-full truncate text-zinc-600 dark:text-zinc-400">{post.titleFinal}</span>
        </li>
      ))}
    </ol>
  );
}

function CampaignCard({ campaign }: { campaign: Campaign }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const [reposting, setReposting] = useState(false);
  const action = useCampaignAction();
  const busy = action.isPending;
  const run = (which: 'pause' | 'resume' | 'cancel') =>
    action.mutate({ id: campaign.id, action: which }, { onSettled: () => setAsking(false) });
  return (
    <li
      className="space-y-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
      aria-labelledby={`${id}-name`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id={`${id}-name`} className="min-w-0 font-semibold break-words">
          {campaign.name}
        </h3>
        <span
          className={cn(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
            statusTone[campaign.status],
          )}
        >
          {texts.statusNames[campaign.status]}
        </span>
      </div>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {texts.counts(campaign.counts.pending, campaign.counts.sent, campaign.counts.failed)}
        {campaign.firstAt && campaign.lastAt && (
          <>
            {' · '}
            {texts.between} <time dateTime={campaign.firstAt}>{formatDateTime(campaign.firstAt)}</time> –{' '}
            <time dateTime={campaign.lastAt}>{formatDateTime(campaign.lastAt)}</time>
          </>
        )}
      </p>
      {(campaign.copies.making > 0 || campaign.copies.failed > 0) && (
        <p className={hintClasses} role="status">
          {texts.copies(campaign.copies.making, campaign.copies.ready)}
          {campaign.copies.failed > 0 && ` · ${texts.copiesFailed(campaign.copies.failed)}`}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" aria-expanded={open} onClick={() => setOpen((was) => !was)}>
          {open ? texts.hidePosts : texts.showPosts}
        </Button>
        {campaign.status === 'active' && campaign.counts.pending > 0 && (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => run('pause')}>
            <Pause aria-hidden="true" className="size-4" />
            {texts.pause}
          </Button>
        )}
        {campaign.status === 'paused' && (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => run('resume')}>
            <Play aria-hidden="true" className="size-4" />
            {texts.resume}
          </Button>
        )}
        {(campaign.status === 'active' || campaign.status === 'paused') && campaign.counts.pending > 0 && (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setAsking(true)}>
            <XCircle aria-hidden="true" className="size-4" />
            {texts.cancel}
          </Button>
        )}
        {campaign.status !== 'cancelled' && campaign.counts.sent + campaign.counts.pending > 0 && (
          <Button
            size="sm"
            variant="outline"
            aria-label={repostPageTexts.openFor(campaign.name)}
            onClick={() => setReposting(true)}
          >
            <Repeat aria-hidden="true" className="size-4" />
            {repostPageTexts.open}
          </Button>
        )}
      </div>
      {open && <CampaignPosts id={campaign.id} />}
      {reposting && (
        <RepostDialog
          source={{ campaignId: campaign.id, subreddits: campaign.subreddits, title: campaign.title }}
          onClose={() => setReposting(false)}
        />
      )}
      <ConfirmDialog
        open={asking}
        title={texts.cancelQuestion(campaign.name)}
        description={texts.cancelText}
        cancelLabel={texts.keep}
        confirmLabel={texts.cancel}
        busyLabel={texts.cancelling}
        isBusy={busy}
        onCancel={() => setAsking(false)}
        onConfirm={() => run('cancel')}
      />
    </li>
  );
}

/** The creator's campaigns, newest first, each with its progress and its whole-campaign actions. */
export function CampaignList({ campaigns, error }: { campaigns: Campaign[] | undefined; error: unknown }) {
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold">{texts.listTitle}</h2>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {texts.listFailed}
        </p>
      ) : !campaigns ? (
        <p className={hintClasses}>Loading…</p>
      ) : campaigns.length === 0 ? (
        <p className={hintClasses}>{texts.listEmpty}</p>
      ) : (
        <ul className="space-y-3">
          {campaigns.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} />
          ))}
        </ul>
      )}
    </Card>
  );
}
