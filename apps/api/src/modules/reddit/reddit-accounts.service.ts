import { RedditGrantError } from '../../adapters/reddit/reddit-posting-api.js';
import { createHash, randomBytes } from 'node:crypto';
import { redditAccountLimitFor } from '@app/shared/plans';
import { redditTexts, type RedditAccount, type RedditAccountsResponse } from '@app/shared/reddit';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { RedditAccountRow, UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { recordServiceOutcome } from '../service-health/service-health.repo.js';
import {
  countAccounts,
  deleteOwnAccount,
  findOwnAccount,
  listAccounts,
  saveLinkState,
  takeLinkState,
  upsertAccount,
} from './reddit-accounts.repo.js';
import type { RedditPosting } from './reddit-posting-context.js';

const linkStateLifetimeMs = 10 * 60_000;
const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

export function toRedditAccount(row: RedditAccountRow): RedditAccount {
  return {
    id: row.id,
    username: row.username,
    linkKarma: row.linkKarma,
    commentKarma: row.commentKarma,
    redditCreatedAt: row.redditCreatedAt?.toISOString() ?? null,
    connectedAt: row.createdAt.toISOString(),
  };
}

export async function accountsOf(
  db: Database,
  user: UserRow,
  postingAvailable: boolean,
): Promise<RedditAccountsResponse> {
  const rows = await listAccounts(db, user.id);
  const limit = redditAccountLimitFor(user);
  return {
    accounts: rows.map(toRedditAccount),
    limit,
    canConnectMore: limit === null || rows.length < limit,
    postingAvailable,
  };
}

export function requirePosting(posting: RedditPosting | undefined): RedditPosting {
  if (!posting) throw new AppError(503, redditTexts.notConfigured, 'REDDIT_NOT_CONFIGURED');
  return posting;
}

async function refuseOverLimit(db: Database, user: UserRow) {
  const limit = redditAccountLimitFor(user);
  if (limit !== null && (await countAccounts(db, user.id)) >= limit) {
    throw AppError.conflict(redditTexts.accountLimit(limit), 'REDDIT_ACCOUNT_LIMIT');
  }
}

/** The consent page's URL; its state is stored (hashed) with the session that asked. */
export async function startConnect(db: Database, posting: RedditPosting, user: UserRow, sessionId: string) {
  await refuseOverLimit(db, user);
  const state = randomBytes(32).toString('base64url');
  await saveLinkState(db, {
    stateHash: hashState(state),
    userId: user.id,
    sessionId,
    expiresAt: new Date(Date.now() + linkStateLifetimeMs),
  });
  return { authUrl: posting.api.authorizeUrl(state) };
}

export class LinkRefused extends Error {
  constructor(
    readonly landingCode: 'reddit_auth_failed' | 'reddit_failed',
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * Completes the link for the same signed-in session that started it: code → tokens → identity,
 * refresh token stored encrypted. Already-linked accounts are renewed even at the plan's limit.
 */
export async function finishConnect(
  db: Database,
  posting: RedditPosting,
  who: { user: UserRow | null; sessionId: string | null },
  query: { code?: string; state?: string; error?: string },
): Promise<RedditAccountRow> {
  const stored = query.state ? await takeLinkState(db, hashState(query.state)) : undefined;
  if (!stored || !who.user || stored.userId !== who.user.id || stored.sessionId !== who.sessionId) {
    throw new LinkRefused('reddit_auth_failed', 'state missing, unknown or from another session');
  }
  if (stored.expiresAt.getTime() < Date.now()) throw new LinkRefused('reddit_auth_failed', 'state expired');
  if (query.error || !query.code)
    throw new LinkRefused('reddit_failed', `Reddit answered ${query.error ?? 'no code'}`);

  const tokens = await posting.api.exchangeCode(query.code).catch(async (error: Error) => {
    // A code Reddit no longer takes (used twice, too old) is this visit's, not the server's setup.
    if (!(error instanceof RedditGrantError))
      await recordServiceOutcome(db, 'reddit-posting', {
        error: `Reddit refused the code exchange while linking an account (${error.name}); check the app's id, secret and redirect URI.`,
      });
    throw new LinkRefused('reddit_failed', `token exchange failed: ${error.name}`);
  });
  if (!tokens.refreshToken)
    throw new LinkRefused('reddit_failed', 'no refresh token (duration not permanent)');
  const identity = await posting.api.me(tokens.accessToken).catch((error: Error) => {
    throw new LinkRefused('reddit_failed', `identity lookup failed: ${error.name}`);
  });
  const existing = (await listAccounts(db, who.user.id)).some((row) => row.redditUserId === identity.id);
  if (!existing) {
    await refuseOverLimit(db, who.user).catch(() => {
      throw new LinkRefused('reddit_failed', 'account limit of the plan reached');
    });
  }
  const account = await upsertAccount(db, {
    userId: who.user.id,
    redditUserId: identity.id,
    username: identity.name,
    refreshTokenEncrypted: posting.cipher.encrypt(tokens.refreshToken),
    scope: tokens.scope ?? null,
    linkKarma: identity.linkKarma,
    commentKarma: identity.commentKarma,
    redditCreatedAt: identity.createdAt,
  });
  posting.tokens.remember(account.id, tokens.accessToken, tokens.expiresInSeconds);
  // Linked again (perhaps as a different Reddit user on the same row): nothing older applies.
  posting.facts.forgetAccount(account.id);
  return account;
}

/** Removes the link and everything cached for it; someone else's account looks like a missing one. */
export async function disconnectAccount(
  db: Database,
  posting: RedditPosting | undefined,
  userId: string,
  accountId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const account = await findOwnAccount(db, userId, accountId);
  if (!account || !(await deleteOwnAccount(db, userId, account.id)))
    throw AppError.notFound(redditTexts.accountNotFound);
  posting?.tokens.invalidate(account.id);
  posting?.facts.forgetAccount(account.id);
  // Our copy is gone either way; Reddit forgetting the grant too is a courtesy that may fail.
  if (posting) {
    await posting.api
      .revokeRefreshToken(posting.cipher.decrypt(account.refreshTokenEncrypted))
      .catch((error: Error) =>
        log.warn({ accountId: account.id, reason: error.message }, 'reddit token revocation failed'),
      );
  }
}
