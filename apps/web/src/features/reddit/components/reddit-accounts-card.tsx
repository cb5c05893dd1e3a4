import { useState } from 'react';
import { Link } from 'react-router';
import { Link2, LoaderCircle, Unlink, UserRound } from 'lucide-react';
import type { RedditAccount, RedditAccountsResponse } from '@app/shared/reddit';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useConnectReddit } from '../api/connect-reddit';
import { useDisconnectRedditAccount } from '../api/disconnect-reddit-account';
import { formatPostTime } from '../lib/schedule-time';
import { redditPageTexts } from '../lib/reddit-texts';
import { ConfirmDialog } from './confirm-dialog';
import { ListSkeleton, LoadError } from './list-states';

interface RedditAccountsCardProps {
  data: RedditAccountsResponse | undefined;
  error: unknown;
  onRetry: () => void;
  timeZone: string;
}

function karma(account: RedditAccount): string | null {
  if (account.linkKarma === null && account.commentKarma === null) return null;
  const total = (account.linkKarma ?? 0) + (account.commentKarma ?? 0);
  return `${total.toLocaleString('en-US')} karma`;
}

/** docs/product.md#reddit-posting: the connect button, the connected accounts, and the plan's account limit. */
export function RedditAccountsCard({ data, error, onRetry, timeZone }: RedditAccountsCardProps) {
  const connect = useConnectReddit();
  const disconnect = useDisconnectRedditAccount();
  const [toDisconnect, setToDisconnect] = useState<RedditAccount | null>(null);
  // The page is about to leave for Reddit: keep the button busy until it does.
  const leaving = connect.isPending || connect.isSuccess;

  const connectButton = (label: string, variant: 'primary' | 'outline') => (
    <Button
      variant={variant}
      disabled={leaving}
      aria-busy={leaving || undefined}
      onClick={() => connect.mutate()}
    >
      {leaving ? (
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      ) : (
        <Link2 aria-hidden="true" className="size-4" />
      )}
      {leaving ? redditPageTexts.connecting : label}
    </Button>
  );

  function renderBody() {
    if (error && !data)
      return <LoadError title={redditPageTexts.accountsLoadFailed} error={error} onRetry={onRetry} />;
    if (!data) return <ListSkeleton label="Loading your Reddit accounts..." rows={1} />;
    if (data.accounts.length === 0) {
      return (
        <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-zinc-300 p-4 dark:border-zinc-700">
          <div>
            <h3 className="font-semibold text-zinc-900 dark:text-white">{redditPageTexts.noAccountsTitle}</h3>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{redditPageTexts.noAccountsText}</p>
          </div>
          {data.postingAvailable ? (
            connectButton(redditPageTexts.connect, 'primary')
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{redditPageTexts.connectUnavailable}</p>
          )}
        </div>
      );
    }
    return (
      <div className="space-y-4">
        <ul aria-label="Connected Reddit accounts" className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {data.accounts.map((account) => {
            const busy = disconnect.isPending && disconnect.variables === account.id;
            const details = [karma(account), `connected ${formatPostTime(account.connectedAt, { timeZone })}`]
              .filter(Boolean)
              .join(' · ');
            return (
              <li key={account.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                <span
                  aria-hidden="true"
                  className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-[#ff4500] text-white"
                >
                  <UserRound className="size-5" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-zinc-900 dark:text-white">u/{account.username}</p>
                  <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{details}</p>
                </div>
                <Button
                  size="sm"
                  variant="danger-outline"
                  disabled={busy}
                  aria-label={`${redditPageTexts.disconnect} u/${account.username}`}
                  onClick={() => setToDisconnect(account)}
                >
                  <Unlink aria-hidden="true" className="size-4" />
                  <span className="hidden sm:inline">
                    {busy ? redditPageTexts.disconnecting : redditPageTexts.disconnect}
                  </span>
                </Button>
              </li>
            );
          })}
        </ul>
        {!data.postingAvailable ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{redditPageTexts.connectUnavailable}</p>
        ) : data.canConnectMore ? (
          connectButton(redditPageTexts.connectAnother, 'outline')
        ) : (
          <div className="flex flex-wrap items-center gap-3 rounded-lg bg-zinc-50 p-3 text-sm text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300">
            <p className="min-w-0 flex-1">
              {redditPageTexts.limitReached(data.limit ?? data.accounts.length)}
            </p>
            <Button asChild size="sm" variant="outline">
              <Link to="/settings">{redditPageTexts.upgrade}</Link>
            </Button>
          </div>
        )}
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{redditPageTexts.accountsTitle}</CardTitle>
        <CardDescription>
          {redditPageTexts.accountsDescription}
          {data && data.limit !== null && (
            <>
              {' '}
              Your plan: {data.accounts.length} of {data.limit} used.
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>{renderBody()}</CardContent>
      <ConfirmDialog
        open={toDisconnect !== null}
        title={toDisconnect ? redditPageTexts.disconnectQuestion(toDisconnect.username) : ''}
        description={redditPageTexts.disconnectExplained}
        cancelLabel="Keep connected"
        confirmLabel={redditPageTexts.disconnect}
        busyLabel={redditPageTexts.disconnecting}
        isBusy={disconnect.isPending}
        onCancel={() => setToDisconnect(null)}
        onConfirm={() =>
          toDisconnect && disconnect.mutate(toDisconnect.id, { onSettled: () => setToDisconnect(null) })
        }
      />
    </Card>
  );
}
