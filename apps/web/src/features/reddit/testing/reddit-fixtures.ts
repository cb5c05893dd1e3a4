import type { ScheduledPost } from '@app/shared/posts';
import type { RedditAccount, RedditAccountsResponse } from '@app/shared/reddit';
import { pagedResponse, type FetchCall } from '../../../testing/fetch-stub';

let sequence = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

export function makeAccount(overrides: Partial<RedditAccount> = {}): RedditAccount {
  return {
    id: uuid(),
    username: 'velvet_posts',
    linkKarma: 1200,
    commentKarma: 340,
    redditCreatedAt: '2023-02-01T00:00:00.000Z',
    connectedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function accountsResponse(
  accounts: RedditAccount[],
  limit: number | null = 1,
  postingAvailable = true,
): RedditAccountsResponse {
  return { accounts, limit, canConnectMore: limit === null || accounts.length < limit, postingAvailable };
}

export function makePost(overrides: Partial<ScheduledPost> = {}): ScheduledPost {
  return {
    id: uuid(),
    subreddit: 'selfie',
    titleFinal: 'Golden hour on the balcony',
    bodyFinal: null,
    scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    status: 'pending',
    resultJson: null,
    imageId: null,
    redditAccountId: null,
    redditUsername: 'velvet_posts',
    flairText: null,
    timing: 'custom',
    attempts: 0,
    lastError: null,
    waitingForRedditUntil: null,
    sentAt: null,
    outcome: null,
    firstComment: null,
    campaignId: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

const byTime = (a: ScheduledPost, b: ScheduledPost) =>
  Date.parse(a.scheduledAt) - Date.parse(b.scheduledAt) || (a.id < b.id ? -1 : 1);

/**
 * Answers GET /api/posts/scheduled as the API does: ?status=pending soonest first, ?status=done
 * (sent and failed) latest first, neither all latest first; paged by pagedResponse's stub cursor.
 * `posts` is read at each call, so a test can change what the server holds.
 */
export function scheduledPostsAnswer(posts: () => readonly ScheduledPost[]) {
  return (call: FetchCall) => {
    const status = new URL(call.path, 'http://localhost').searchParams.get('status');
    const all = [...posts()];
    const listed =
      status === 'pending'
        ? all.filter((post) => post.status === 'pending').sort(byTime)
        : status === 'done'
          ? all.filter((post) => post.status !== 'pending').sort((a, b) => byTime(b, a))
          : all.sort((a, b) => byTime(b, a));
    return pagedResponse(listed, call);
  };
}
