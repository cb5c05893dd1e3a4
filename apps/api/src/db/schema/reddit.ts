import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, primaryId, timestamptz, updatedAt } from './columns.js';
import { mediaAssets } from './media.js';
import { users } from './users.js';

export const scheduledPostStatuses = ['pending', 'sent', 'failed'] as const;

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('scheduled_posts_status_scheduled_at_idx').on(t.status, t.scheduledAt),
    index('scheduled_posts_user_id_scheduled_at_idx').on(t.userId, t.scheduledAt),
    index('scheduled_posts_reddit_account_id_idx').on(t.redditAccountId),
    index('scheduled_posts_media_asset_id_idx').on(t.mediaAssetId),
    oneOf('scheduled_posts_status_check', t.status, scheduledPostStatuses),
    check('scheduled_posts_sent_at_check', sql`${t.status} <> 'sent' or ${t.sentAt} is not null`),
    check('scheduled_posts_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

export type RedditAccountRow = typeof redditAccounts.$inferSelect;
export type NewRedditAccountRow = typeof redditAccounts.$inferInsert;
export type ScheduledPostRow = typeof scheduledPosts.$inferSelect;
export type NewScheduledPostRow = typeof scheduledPosts.$inferInsert;
