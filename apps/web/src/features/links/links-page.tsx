import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BarChart3, ExternalLink, Link2, ListChecks, Trash2 } from 'lucide-react';
import type { TrackedLink } from '@app/shared/links';
import { deriveAccess } from '@app/shared/user';
import { AccessAlert } from '../../components/access-alert';
import { computeAccessGate } from '../../components/access-gate';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { CopyButton } from '../../components/copy-button';
import { PageLayout } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { inputClasses, labelClasses } from '../../components/ui/form/field-classes';
import { ApiError, userFacingMessage } from '../../lib/request';
import { useResendVerification } from '../../lib/resend-verification';
import { useSessionUser } from '../../lib/session-context';
import { useCreateLink, useDeleteLink, useLinks } from './api/links';

const hintClasses = 'text-xs text-zinc-500 dark:text-zinc-400';

export const linksPageTexts = {
  title: 'Tracked links',
  description:
    'Short links to your own pages. Put one in a post or first comment and each post gets its own copy, so you see which subreddit sends visitors.',
  createTitle: 'New tracked link',
  label: 'Name',
  labelHint: 'For you, e.g. "OnlyFans" or "Link page".',
  target: 'Leads to',
  targetHint: 'The full address of your page, starting with https://',
  create: 'Create link',
  creating: 'Creating…',
  listTitle: 'Your links',
  empty: 'No tracked links yet. Create one above, then paste its short address into a post or first comment.',
  loadFailed: 'Could not load your links',
  visitors: (n: number) => `${n} visitor${n === 1 ? '' : 's'}`,
  bots: (n: number) => `${n} from link previews and crawlers, counted apart`,
  bySubredditTitle: 'By subreddit',
  bySubredditEmpty: 'No post has carried this link yet.',
  posts: (n: number) => `${n} post${n === 1 ? '' : 's'}`,
  howCounted:
    'A visitor counts once per 30 minutes. We keep no addresses: only a hash that changes every day. Link previews (Reddit, Discord, Twitter) and crawlers are counted apart.',
  copy: 'Copy link',
  delete: 'Delete',
  deleteQuestion: (label: string) => `Delete “${label}”?`,
  deleteText:
    'Its short address and every post’s copy of it stop working at once. Clicks counted so far are deleted with it.',
  deleting: 'Deleting…',
  campaigns: 'Campaigns',
  results: 'Results',
} as const;

/** The field a 4xx names ({field} in its body), to mark that input. */
function fieldOf(failure: unknown): string | undefined {
  if (!(failure instanceof ApiError) || typeof failure.body !== 'object' || failure.body === null)
    return undefined;
  const field = (failure.body as { field?: unknown }).field;
  if (typeof field === 'string') return field;
  return /targetUrl/.test(failure.message)
    ? 'targetUrl'
    : /label/.test(failure.message)
      ? 'label'
      : undefined;
}

function CreateLinkForm() {
  const id = useId();
  const create = useCreateLink();
  const [label, setLabel] = useState('');
  const [targetUrl, setTargetUrl] = useState('');
  const [error, setError] = useState<{ field: string | undefined; message: string } | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    create.mutate(
      { label, targetUrl },
      {
        onSuccess: () => {
          setLabel('');
          setTargetUrl('');
        },
        onError: (failure) =>
          setError({
            field: fieldOf(failure),
            message: userFacingMessage(failure),
          }),
      },
    );
  }
  return (
    <Card className="p-4 sm:p-6">
      <form aria-labelledby={`${id}-title`} onSubmit={submit} noValidate className="space-y-4">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
          <Link2 aria-hidden="true" className="size-5 text-rose-600" />
          {linksPageTexts.createTitle}
        </h2>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <div className="space-y-1.5">
            <label htmlFor={`${id}-label`} className={labelClasses}>
              {linksPageTexts.label}
            </label>
            <input
              id={`${id}-label`}
              className={inputClasses}
              value={label}
              maxLength={80}
              aria-describedby={`${id}-label-hint`}
              aria-invalid={error?.field === 'label' || undefined}
              onChange={(event) => setLabel(event.target.value)}
            />
            <p id={`${id}-label-hint`} className={hintClasses}>
              {linksPageTexts.labelHint}
            </p>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-target`} className={labelClasses}>
              {linksPageTexts.target}
            </label>
            <input
              id={`${id}-target`}
              type="url"
              inputMode="url"
              className={inputClasses}
              value={targetUrl}
              placeholder="https://"
              aria-describedby={`${id}-target-hint`}
              aria-invalid={error?.field === 'targetUrl' || undefined}
              onChange={(event) => setTargetUrl(event.target.value)}
            />
            <p id={`${id}-target-hint`} className={hintClasses}>
              {linksPageTexts.targetHint}
            </p>
          </div>
        </div>
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {error.message}
          </p>
        )}
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
          {create.isPending ? linksPageTexts.creating : linksPageTexts.create}
        </Button>
      </form>
    </Card>
  );
}

function LinkCard({ link }: { link: TrackedLink }) {
  const id = useId();
  const remove = useDeleteLink();
  const [asking, setAsking] = useState(false);
  return (
    <li
      className="space-y-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
      aria-labelledby={`${id}-name`}
    >
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <div className="min-w-0 flex-1">
          <h3 id={`${id}-name`} className="font-semibold break-words">
            {link.label}
          </h3>
          <p className="text-sm break-all text-zinc-600 dark:text-zinc-400">
            <a
              href={link.targetUrl}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 hover:underline"
            >
              {link.targetUrl}
              <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
            </a>
          </p>
        </div>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`${linksPageTexts.delete} ${link.label}`}
          onClick={() => setAsking(true)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 rounded bg-zinc-100 px-2 py-1 text-sm break-all text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100">
          {link.shortUrl}
        </code>
        <CopyButton
          text={link.shortUrl}
          label={linksPageTexts.copy}
          accessibleLabel={`${linksPageTexts.copy}: ${link.label}`}
        />
      </div>
      <p className="text-sm text-zinc-800 dark:text-zinc-200">
        <strong>{linksPageTexts.visitors(link.clicks.visitors)}</strong>
        <span className="text-zinc-500 dark:text-zinc-400"> · {linksPageTexts.bots(link.clicks.bots)}</span>
      </p>
      <div>
        <h4 className="text-sm font-semibold">{linksPageTexts.bySubredditTitle}</h4>
        {link.bySubreddit.length === 0 ? (
          <p className={hintClasses}>{linksPageTexts.bySubredditEmpty}</p>
        ) : (
          <table className="mt-1 w-full text-sm">
            <thead className="sr-only">
              <tr>
                <th scope="col">Subreddit</th>
                <th scope="col">Posts</th>
                <th scope="col">Visitors</th>
              </tr>
            </thead>
            <tbody>
              {link.bySubreddit.map((row) => (
                <tr key={row.subreddit} className="border-t border-zinc-100 dark:border-zinc-800">
                  <th scope="row" className="py-1 pr-2 text-left font-medium break-all">
                    r/{row.subreddit}
                  </th>
                  <td className="py-1 pr-2 text-zinc-600 dark:text-zinc-400">
                    {linksPageTexts.posts(row.posts)}
                  </td>
                  <td className="py-1 text-right">{linksPageTexts.visitors(row.visitors)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <ConfirmDeleteDialog
        open={asking}
        onOpenChange={setAsking}
        title={linksPageTexts.deleteQuestion(link.label)}
        description={linksPageTexts.deleteText}
        confirmLabel={linksPageTexts.delete}
        busyLabel={linksPageTexts.deleting}
        isDeleting={remove.isPending}
        onConfirm={() => remove.mutate(link.id, { onSettled: () => setAsking(false) })}
      />
    </li>
  );
}

/** /links: the creator's tracked links, how many visitors each brought, and from which subreddit. */
export function LinksPage() {
  const user = useSessionUser();
  const fullAccess = deriveAccess(user).hasFullAccess;
  const links = useLinks({ enabled: fullAccess });
  const resend = useResendVerification();
  const gate = computeAccessGate(user, links.error);
  return (
    <PageLayout
      title={linksPageTexts.title}
      description={linksPageTexts.description}
      actions={
        <>
          <Button asChild variant="outline">
            <Link to="/results">
              <BarChart3 aria-hidden="true" className="size-4" />
              {linksPageTexts.results}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/reddit/campaigns">
              <ListChecks aria-hidden="true" className="size-4" />
              {linksPageTexts.campaigns}
            </Link>
          </Button>
        </>
      }
    >
      {gate ? (
        <AccessAlert
          gate={gate}
          onRetry={() => void links.refetch()}
          resend={{
            pending: resend.isPending,
            sent: resend.isSuccess,
            onResend: (email) => resend.mutate(email),
          }}
        />
      ) : (
        <div className="space-y-6">
          <CreateLinkForm />
          <Card className="space-y-4 p-4 sm:p-6">
            <h2 className="text-lg font-semibold">{linksPageTexts.listTitle}</h2>
            <p className={hintClasses}>{linksPageTexts.howCounted}</p>
            {links.error ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {linksPageTexts.loadFailed}
              </p>
            ) : !links.data ? (
              <p className={hintClasses}>Loading…</p>
            ) : links.data.length === 0 ? (
              <p className={hintClasses}>{linksPageTexts.empty}</p>
            ) : (
              <ul className="space-y-3">
                {links.data.map((link) => (
                  <LinkCard key={link.id} link={link} />
                ))}
              </ul>
            )}
          </Card>
        </div>
      )}
    </PageLayout>
  );
}
