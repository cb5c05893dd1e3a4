import type { ScheduledPost } from '@app/shared/posts';
import type { RedditAccount, RedditAccountsResponse } from '@app/shared/reddit';

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
): RedditAccountsResponse {
  return { accounts, limit, canConnectMore: limit === null || accounts.length < limit };
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
    sentAt: null,
    outcome: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}
