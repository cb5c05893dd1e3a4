import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../src/db/client.js';
import {
  apiKeys,
  campaigns,
  repostSeries,
  trackedLinks,
  contentGenerations,
  leakCases,
  imageCopies,
  mediaAssets,
  redditAccounts,
  savedContent,
  scheduledPosts,
  taxExpenses,
  taxIncome,
} from '../../src/db/schema/index.js';

/** The kinds of row a route's `:id` names, and where to find a person's rows of that kind. */
const idKinds = {
  generation: { table: contentGenerations, id: contentGenerations.id, owner: contentGenerations.userId },
  savedContent: { table: savedContent, id: savedContent.id, owner: savedContent.userId },
  media: { table: mediaAssets, id: mediaAssets.id, owner: mediaAssets.userId },
  apiKey: { table: apiKeys, id: apiKeys.id, owner: apiKeys.userId },
  taxIncome: { table: taxIncome, id: taxIncome.id, owner: taxIncome.userId },
  taxExpense: { table: taxExpenses, id: taxExpenses.id, owner: taxExpenses.userId },
  scheduledPost: { table: scheduledPosts, id: scheduledPosts.id, owner: scheduledPosts.userId },
  redditAccount: { table: redditAccounts, id: redditAccounts.id, owner: redditAccounts.userId },
  campaign: { table: campaigns, id: campaigns.id, owner: campaigns.userId },
  trackedLink: { table: trackedLinks, id: trackedLinks.id, owner: trackedLinks.userId },
  repostSeries: { table: repostSeries, id: repostSeries.id, owner: repostSeries.userId },
  leakCase: { table: leakCases, id: leakCases.id, owner: leakCases.userId },
  imageCopy: { table: imageCopies, id: imageCopies.id, owner: imageCopies.userId },
} satisfies Record<string, { table: PgTable; id: PgColumn; owner: PgColumn }>;

export type IdKind = keyof typeof idKinds;

export type IdRoute =
  /** Takes one of a person's rows: anyone else gets 404, as for an id that does not exist. */
  | { kind: IdKind; payload?: Record<string, unknown>; url?: (id: string) => string }
  /**
   * A signed link is the credential (an <img> cannot send our headers), checked before any lookup:
   * without a valid signature another person's id is answered exactly like an unknown one.
   */
  | { signedLink: IdKind; url: (id: string) => string }
  /** The parameter is not a row of anyone's (a provider or feature name); the caller's own rows only. */
  | { notAnId: string; example: Record<string, string> };

/**
 * Every parameterised route outside /api/admin (which the admin sweep walks), by "METHOD url".
 * The cross-user test fails for a route that is missing here, so a new route gets mapped.
 */
export const idRoutes: Record<string, IdRoute> = {
  // Public by design: whoever has a tracked link may follow it; it names no row of the visitor's.
  'GET /l/:code': { notAnId: 'a tracked link code', example: { code: 'ZZZZZZZZ' } },
  'GET /api/auth/:provider': { notAnId: 'a sign-in provider name', example: { provider: 'google' } },
  'GET /api/auth/:provider/callback': { notAnId: 'a sign-in provider name', example: { provider: 'google' } },
  'DELETE /api/api-keys/:id': { kind: 'apiKey' },
  'DELETE /api/content-generations/:id': { kind: 'generation' },
  'DELETE /api/saved-content/:id': { kind: 'savedContent' },
  'GET /api/media/:id': { kind: 'media' },
  'DELETE /api/media/:id': { kind: 'media' },
  'POST /api/media/:id/restore': { kind: 'media' },
  'GET /api/media/:id/copies': { kind: 'media' },
  'DELETE /api/leaks/copies/:id': { kind: 'imageCopy' },
  'GET /api/media/:id/file/:variant': { signedLink: 'media', url: (id) => `/api/media/${id}/file/original` },
  'POST /api/protect-image/:id': { kind: 'media', payload: { protectionLevel: 'light' } },
  'POST /api/protect-image/:id/preview': { kind: 'media', payload: { protectionLevel: 'light' } },
  'POST /api/protect-image/previews/:previewId/keep': {
    kind: 'imageCopy',
    url: (id) => `/api/protect-image/previews/${id}/keep`,
  },
  'DELETE /api/protect-image/previews/:previewId': {
    kind: 'imageCopy',
    url: (id) => `/api/protect-image/previews/${id}`,
  },
  'GET /api/protect-image/previews/:previewId/file': {
    kind: 'imageCopy',
    url: (id) => `/api/protect-image/previews/${id}/file`,
  },
  'PATCH /api/tax/income/:id': { kind: 'taxIncome', payload: { note: 'changed by someone else' } },
  'DELETE /api/tax/income/:id': { kind: 'taxIncome' },
  'PATCH /api/tax/expenses/:id': { kind: 'taxExpense', payload: { description: 'changed by someone else' } },
  'DELETE /api/tax/expenses/:id': { kind: 'taxExpense' },
  'PUT /api/early-access/:feature': { notAnId: 'a feature key', example: { feature: 'tiktok-scheduling' } },
  'DELETE /api/early-access/:feature': {
    notAnId: 'a feature key',
    example: { feature: 'tiktok-scheduling' },
  },
  'DELETE /api/reddit/accounts/:id': { kind: 'redditAccount' },
  'PATCH /api/posts/scheduled/:id': { kind: 'scheduledPost', payload: { title: 'Changed by someone else' } },
  'DELETE /api/posts/scheduled/:id': { kind: 'scheduledPost' },
  'GET /api/campaigns/:id': { kind: 'campaign' },
  'POST /api/campaigns/:id/pause': { kind: 'campaign' },
  'POST /api/campaigns/:id/resume': { kind: 'campaign' },
  'DELETE /api/campaigns/:id': { kind: 'campaign' },
  'DELETE /api/links/:id': { kind: 'trackedLink' },
  // A calendar day: only the caller's own count for it is deleted (cross-user.test's snapshot checks).
  'DELETE /api/results/subscribers/:day': { notAnId: 'a calendar day', example: { day: '2026-01-15' } },
  'POST /api/reposts/:id/stop': { kind: 'repostSeries' },
  'POST /api/reposts/:id/resume': { kind: 'repostSeries' },
  'GET /api/leak-cases/:id': { kind: 'leakCase' },
  'PATCH /api/leak-cases/:id': { kind: 'leakCase', payload: { status: 'removed' } },
  'DELETE /api/leak-cases/:id': { kind: 'leakCase' },
  'GET /api/leak-cases/:id/notice': { kind: 'leakCase' },
  'GET /api/leak-cases/:id/notice.pdf': { kind: 'leakCase' },
};

export async function idsOf(db: Database, kind: IdKind, userId: string): Promise<string[]> {
  const { table, id, owner } = idKinds[kind];
  const rows = await db
    .select({ id })
    .from(table as PgTable)
    .where(eq(owner, userId));
  return rows.map((row) => String(row.id));
}

export const allIdKinds = Object.keys(idKinds) as IdKind[];

/** Puts values into a route's `:params`. */
export function fillParams(url: string, values: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined)
      throw new Error(`no value for :${name} in ${url}: give its idRoutes entry a url(id)`);
    return encodeURIComponent(value);
  });
}

/** Someone's own ids of each kind, and someone else's. */
export type IdsByKind = Record<IdKind, string[]>;

export interface BodyIdCase {
  what: string;
  method: 'POST' | 'PATCH';
  url: (own: IdsByKind) => string;
  payload: (other: IdsByKind, own: IdsByKind) => Record<string, unknown>;
}

/**
 * Ids that travel in a request body rather than the URL: each must be one of the caller's own,
 * else the answer is 404 as for an id nobody has.
 */
export const bodyIdCases: BodyIdCase[] = [
  {
    what: 'a receipt from someone else’s gallery on a new expense',
    method: 'POST',
    url: () => '/api/tax/expenses',
    payload: (other) => ({
      category: 'equipment',
      amount: '1.00',
      spentOn: new Date().toISOString().slice(0, 10),
      receiptMediaId: other.media[0],
    }),
  },
  {
    what: 'a receipt from someone else’s gallery on one’s own expense',
    method: 'PATCH',
    url: (own) => `/api/tax/expenses/${own.taxExpense[0]}`,
    payload: (other) => ({ receiptMediaId: other.media[0] }),
  },
  {
    what: 'saving someone else’s generation',
    method: 'POST',
    url: () => '/api/saved-content',
    payload: (other) => ({
      title: 'Mine now',
      content: 'Copied',
      platform: 'reddit',
      generationId: other.generation[0],
    }),
  },
  {
    what: 'scheduling someone else’s photo',
    method: 'POST',
    url: () => '/api/posts/schedule',
    payload: (other) => ({ subreddit: 'sunsets', title: 'Golden hour again', imageId: other.media[0] }),
  },
  {
    what: 'scheduling through someone else’s Reddit account',
    method: 'POST',
    url: () => '/api/posts/schedule',
    payload: (other) => ({
      subreddit: 'sunsets',
      title: 'Golden hour again',
      redditAccountId: other.redditAccount[0],
    }),
  },
  {
    what: 'checking a post with someone else’s photo',
    method: 'POST',
    url: () => '/api/posts/check',
    payload: (other) => ({ subreddit: 'sunsets', title: 'Golden hour again', imageId: other.media[0] }),
  },
  {
    what: 'reposting someone else’s photo',
    method: 'POST',
    url: () => '/api/reddit/quick-repost',
    payload: (other) => ({ imageId: other.media[0], subreddit: 'sunsets', title: 'Again' }),
  },
  {
    what: 'reposting one’s own photo through someone else’s Reddit account',
    method: 'POST',
    url: () => '/api/reddit/quick-repost',
    payload: (other, own) => ({
      imageId: own.media[0],
      subreddit: 'sunsets',
      title: 'Again',
      redditAccountId: other.redditAccount[0],
    }),
  },
  {
    what: 'someone else’s photo as the original of a new leak case',
    method: 'POST',
    url: () => '/api/leak-cases',
    payload: (other) => ({
      infringingUrls: ['https://leaks.example/copy'],
      workDescription: 'My photo',
      mediaAssetId: other.media[0],
    }),
  },
  {
    what: 'someone else’s photo as the original of one’s own leak case',
    method: 'PATCH',
    url: (own) => `/api/leak-cases/${own.leakCase[0]}`,
    payload: (other) => ({ mediaAssetId: other.media[0] }),
  },
];
