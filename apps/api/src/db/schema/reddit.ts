import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PostOutcome } from '@app/shared/posts';
import { createdAt, oneOf, primaryId, timestamptz, updatedAt } from './columns.js';
import { sessions } from './auth.js';
import { mediaAssets } from './media.js';
import { users } from './users.js';

export const scheduledPostStatuses = ['pending', 'sent', 'failed'] as const;
export const firstCommentStatuses = ['pending', 'sent', 'failed'] as const;

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

export const campaignStatuses = ['active', 'paused', 'cancelled'] as const;
export const campaignTimings = ['spread', 'best'] as const;

/**
 * One caption and photo set sent to many subreddits (docs/decisions/035-campaigns-and-spacing.md).
 * Its posts are ordinary scheduled_posts rows pointing here; "done" is derived (nothing pending).
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: primaryId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    imageIds: jsonb('image_ids').$type<string[]>().notNull().default([]),
    redditAccountId: uuid('reddit_account_id').references(() => redditAccounts.id, { onDelete: 'set null' }),
    status: text('status', { enum: campaignStatuses }).notNull().default('active'),
    timing: text('timing', { enum: campaignTimings }).notNull().default('spread'),
    minGapMinutes: integer('min_gap_minutes').notNull(),
    maxPerHour: integer('max_per_hour').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('campaigns_user_id_created_at_idx').on(t.userId, t.createdAt, t.id),
    oneOf('campaigns_status_check', t.status, campaignStatuses),
    oneOf('campaigns_timing_check', t.timing, campaignTimings),
  ],
);

export const repostSeriesStatuses = ['active', 'stopped'] as const;

export interface RepostFlair {
  flairId: string | null;
  flairText: string | null;
}

/**
 * "Repost every N days to these subreddits" (docs/reddit-posting.md#recurring-reposts): each round
 * is ordinary scheduled_posts rows pointing here, each with its own protected copy and the next
 * title in turn. next_run_at is also the claim: a round is made by whoever moves it forward.
 */
export const repostSeries = pgTable(
  'repost_series',
  {
    id: primaryId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Set null when the account is disconnected: the sweep then stops the series and says why.
    redditAccountId: uuid('reddit_account_id').references(() => redditAccounts.id, { onDelete: 'set null' }),
    sourcePostId: uuid('source_post_id'),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    imageIds: jsonb('image_ids').$type<string[]>().notNull().default([]),
    body: text('body'),
    nsfw: boolean('nsfw').notNull().default(true),
    subreddits: jsonb('subreddits').$type<string[]>().notNull(),
    // The flair the source used in each subreddit (lower-case name), kept for every round.
    flairs: jsonb('flairs').$type<Record<string, RepostFlair>>().notNull().default({}),
    everyDays: integer('every_days').notNull().default(7),
    titles: jsonb('titles').$type<string[]>().notNull(),
    // How many rounds were made: round r uses titles[(r + i) % n] for its i-th subreddit.
    rounds: integer('rounds').notNull().default(0),
    nextRunAt: timestamptz('next_run_at').notNull(),
    // Created or last resumed: only removals found since then stop it (resuming is her choice).
    activeSince: timestamptz('active_since').notNull().defaultNow(),
    status: text('status', { enum: repostSeriesStatuses }).notNull().default('active'),
    stoppedReason: text('stopped_reason'),
    // What the last round left out, in words (a subreddit that now refuses the post).
    lastRoundNote: text('last_round_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('repost_series_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('repost_series_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.status} = 'active'`),
    oneOf('repost_series_status_check', t.status, repostSeriesStatuses),
    check('repost_series_every_days_check', sql`${t.everyDays} between 3 and 60`),
  ],
);

/** A campaign post's own protected copy: being made, made, or impossible (the post then fails). */
export const postCopyStates = ['making', 'ready', 'failed'] as const;

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
    // Set while the post waits for the server-wide Reddit allowance (not its own limits): when it goes.
    budgetWaitUntil: timestamptz('budget_wait_until'),
    outcome: jsonb('outcome').$type<PostOutcome>(),
    outcomeChecks: integer('outcome_checks').notNull().default(0),
    // The account's karma and age (days) when the post was sent: the communities page learns
    // requirements a subreddit does not publish from which posts its moderators removed.
    senderKarma: integer('sender_karma'),
    senderAgeDays: integer('sender_age_days'),
    nextOutcomeCheckAt: timestamptz('next_outcome_check_at'),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    // A round of a recurring repost (repost_series); its waiting posts go when the series stops.
    seriesId: uuid('series_id').references(() => repostSeries.id, { onDelete: 'set null' }),
    spoiler: boolean('spoiler').notNull().default(false),
    // A paused campaign's waiting posts: the sender does not take them until it resumes.
    paused: boolean('paused').notNull().default(false),
    // The post's own protected copy (campaign posts): no two crossposts share a fingerprint.
    copyStorageKey: text('copy_storage_key'),
    copyState: text('copy_state', { enum: postCopyStates }),
    copyPdqHash: text('copy_pdq_hash'),
    copyClaimedAt: timestamptz('copy_claimed_at'),
    // The optional first comment (docs/reddit-posting.md#first-comment), sent by the same account
    // first_comment_delay_minutes after the post is live. Status is null when there is none.
    firstComment: text('first_comment'),
    firstCommentDelayMinutes: integer('first_comment_delay_minutes').notNull().default(2),
    firstCommentStatus: text('first_comment_status', { enum: firstCommentStatuses }),
    // Set when the post is marked sent (sent_at + delay); the comment sender looks at it from then.
    firstCommentDueAt: timestamptz('first_comment_due_at'),
    firstCommentId: text('first_comment_id'),
    firstCommentUrl: text('first_comment_url'),
    firstCommentError: text('first_comment_error'),
    firstCommentSentAt: timestamptz('first_comment_sent_at'),
    firstCommentAttempts: integer('first_comment_attempts').notNull().default(0),
    // The comment's own claim and point of no return, as for the post: committed before /api/comment
    // goes out; while set, the comment is never posted again without first looking for it on Reddit.
    firstCommentClaimToken: uuid('first_comment_claim_token'),
    firstCommentClaimedAt: timestamptz('first_comment_claimed_at'),
    firstCommentSubmitStartedAt: timestamptz('first_comment_submit_started_at'),
    firstCommentVerifySince: timestamptz('first_comment_verify_since'),
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
    // The scheduled list's keyset order (lib/cursor-page.ts); its prefix serves the per-user time checks.
    index('scheduled_posts_user_id_list_order_idx').on(t.userId, t.scheduledAt, t.createdAt, t.id),
    // The list by status (?status=pending soonest first, ?status=done latest first), one index each:
    // a single index on (user_id, status, …) could not give sent and failed posts in one time order.
    index('scheduled_posts_user_id_pending_order_idx')
      .on(t.userId, t.scheduledAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('scheduled_posts_user_id_done_order_idx')
      .on(t.userId, t.scheduledAt, t.id)
      .where(sql`${t.status} <> 'pending'`),
    index('scheduled_posts_reddit_account_id_idx').on(t.redditAccountId),
    index('scheduled_posts_media_asset_id_idx').on(t.mediaAssetId),
    index('scheduled_posts_campaign_id_idx').on(t.campaignId),
    index('scheduled_posts_series_id_idx').on(t.seriesId),
    index('scheduled_posts_copy_making_idx')
      .on(t.createdAt)
      .where(sql`${t.copyState} = 'making'`),
    oneOf('scheduled_posts_copy_state_check', t.copyState, postCopyStates),
    oneOf('scheduled_posts_status_check', t.status, scheduledPostStatuses),
    index('scheduled_posts_first_comment_due_at_idx')
      .on(t.firstCommentDueAt)
      .where(sql`${t.firstCommentStatus} = 'pending'`),
    oneOf('scheduled_posts_first_comment_status_check', t.firstCommentStatus, firstCommentStatuses),
    check('scheduled_posts_first_comment_delay_check', sql`${t.firstCommentDelayMinutes} between 0 and 60`),
    check(
      'scheduled_posts_first_comment_status_text_check',
      sql`(${t.firstComment} is null) = (${t.firstCommentStatus} is null)`,
    ),
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
export type CampaignRow = typeof campaigns.$inferSelect;

/**
 * Each engagement check of a sent post (about 15 min, 1 h, 6 h, 24 h and 72 h after sending): how
 * it was doing then, and whether and by whom it was removed, as Reddit says (removed_by_category).
 */
export const postEngagement = pgTable(
  'post_engagement',
  {
    id: primaryId(),
    postId: uuid('post_id')
      .notNull()
      .references(() => scheduledPosts.id, { onDelete: 'cascade' }),
    checkedAt: timestamptz('checked_at').notNull(),
    minutesAfterSending: integer('minutes_after_sending').notNull(),
    score: integer('score'),
    upvoteRatio: real('upvote_ratio'),
    comments: integer('comments'),
    removed: boolean('removed').notNull(),
    removedBy: text('removed_by'),
  },
  (t) => [index('post_engagement_post_id_idx').on(t.postId, t.checkedAt)],
);
export type PostEngagementRow = typeof postEngagement.$inferSelect;
export type RepostSeriesRow = typeof repostSeries.$inferSelect;
