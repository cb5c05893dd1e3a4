import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { PostOutcome } from '@app/shared/posts';
import { createdAt, oneOf, primaryId, timestamptz, updatedAt } from './columns.js';
import { sessions } from './auth.js';
import { mediaAssets } from './media.js';
import { users } from './users.js';

export const scheduledPostStatuses = ['pending', 'sent', 'failed'] as const;

/** How the send time was chosen: the client's time ('custom'), or the server's ('optimal', 'now'). */
/** What goes to Reddit: a text (self) post, or a native image post of the gallery photo. */
export const scheduledPostKinds = ['self', 'image'] as const;

export const scheduledPostTimings = ['optimal', 'now', 'custom'] as const;

/** What the user sees about a post's outcome: the Reddit URL when sent, the error when failed. */
export interface ScheduledPostResult {
  url?: string;
  error?: string;
}

export const redditAccounts = pgTable(
  'reddit_accounts',
  {
    id: primaryId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    redditUserId: text('reddit_user_id').notNull(),
    username: text('username').notNull(),
    // Encrypted by the application with a server key; access tokens are short-lived and not stored.
    refreshTokenEncrypted: text('refresh_token_encrypted').notNull(),
    scope: text('scope'),
    // What Reddit reported at connect time (and refreshed when posting): for karma/age requirements.
    linkKarma: integer('link_karma'),
    commentKarma: integer('comment_karma'),
    redditCreatedAt: timestamptz('reddit_created_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('reddit_accounts_user_reddit_user_key').on(t.userId, t.redditUserId)],
);

export const scheduledPosts = pgTable(
  'scheduled_posts',
  {
    id: primaryId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Nullable so disconnecting an account keeps the post history; a pending post without one fails.
    redditAccountId: uuid('reddit_account_id').references(() => redditAccounts.id, {
      onDelete: 'set null',
    }),
    mediaAssetId: uuid('media_asset_id').references(() => mediaAssets.id, { onDelete: 'set null' }),
    subreddit: text('subreddit').notNull(),
    titleFinal: text('title_final').notNull(),
    bodyFinal: text('body_final'),
    scheduledAt: timestamptz('scheduled_at').notNull(),
    status: text('status', { enum: scheduledPostStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamptz('last_attempt_at'),
    // The latest transient error while retries remain; result_json holds the final outcome.
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
    redditPostId: text('reddit_post_id'),
    resultJson: jsonb('result_json').$type<ScheduledPostResult>(),
    // Kept apart from media_asset_id, which is cleared when the photo is deleted: such a post fails
    // instead of going out as a text post.
    kind: text('kind', { enum: scheduledPostKinds }).notNull().default('self'),
    flairId: text('flair_id'),
    flairText: text('flair_text'),
    nsfw: boolean('nsfw').notNull().default(false),
    timing: text('timing', { enum: scheduledPostTimings }).notNull().default('custom'),
    // When the sender next looks at the post (never before scheduled_at): later after a temporary failure.
    dueAt: timestamptz('due_at').notNull().defaultNow(),
    // The sender's claim (docs/decisions/011-post-sending.md): who holds the post and since when.
    claimToken: uuid('claim_token'),
    claimedAt: timestamptz('claimed_at'),
    // Committed just before /api/submit goes out; while set, Reddit may have the post, so it is never
    // submitted again without first looking for it on Reddit.
    submitStartedAt: timestamptz('submit_started_at'),
    // A submit that got a 5xx may still have created the post: look for it before sending again.
    verifySince: timestamptz('verify_since'),
    outcome: jsonb('outcome').$type<PostOutcome>(),
    outcomeChecks: integer('outcome_checks').notNull().default(0),
    nextOutcomeCheckAt: timestamptz('next_outcome_check_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('scheduled_posts_pending_due_at_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'pending'`),
    index('scheduled_posts_claimed_at_idx')
      .on(t.claimedAt)
      .where(sql`${t.claimedAt} is not null`),
    index('scheduled_posts_next_outcome_check_at_idx')
      .on(t.nextOutcomeCheckAt)
      .where(sql`${t.nextOutcomeCheckAt} is not null`),
    oneOf('scheduled_posts_timing_check', t.timing, scheduledPostTimings),
    oneOf('scheduled_posts_kind_check', t.kind, scheduledPostKinds),
    index('scheduled_posts_status_scheduled_at_idx').on(t.status, t.scheduledAt),
    index('scheduled_posts_user_id_scheduled_at_idx').on(t.userId, t.scheduledAt),
    index('scheduled_posts_reddit_account_id_idx').on(t.redditAccountId),
    index('scheduled_posts_media_asset_id_idx').on(t.mediaAssetId),
    oneOf('scheduled_posts_status_check', t.status, scheduledPostStatuses),
    check('scheduled_posts_sent_at_check', sql`${t.status} <> 'sent' or ${t.sentAt} is not null`),
    check('scheduled_posts_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/**
 * The OAuth state of a Reddit account link in progress, bound to the session that started it; only
 * its hash is stored. Used once, within minutes.
 */
export const redditLinkStates = pgTable(
  'reddit_link_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('reddit_link_states_user_id_idx').on(t.userId)],
);

export type RedditAccountRow = typeof redditAccounts.$inferSelect;
export type NewRedditAccountRow = typeof redditAccounts.$inferInsert;
export type ScheduledPostRow = typeof scheduledPosts.$inferSelect;
export type NewScheduledPostRow = typeof scheduledPosts.$inferInsert;
