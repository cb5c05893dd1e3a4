import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, timestamptz } from './columns.js';
import { scheduledPosts } from './reddit.js';
import { users } from './users.js';

/** A creator's short link to her own page (docs/tracked-links.md). Deleted links stop redirecting. */
export const trackedLinks = pgTable(
  'tracked_links',
  {
    id: primaryId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    targetUrl: text('target_url').notNull(),
    createdAt: createdAt(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [index('tracked_links_user_id_idx').on(t.userId, t.createdAt)],
);

/**
 * Every code that redirects: the link's own, and one variant per post that carried it (with the
 * post and its subreddit), so a click is known by where it came from.
 */
export const linkCodes = pgTable(
  'link_codes',
  {
    code: text('code').primaryKey(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => trackedLinks.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').references(() => scheduledPosts.id, { onDelete: 'set null' }),
    subreddit: text('subreddit'),
    createdAt: createdAt(),
  },
  (t) => [index('link_codes_link_id_idx').on(t.linkId)],
);

/** One click: who (a salted hash, never the address), from where, and whether it counts. */
export const linkClicks = pgTable(
  'link_clicks',
  {
    id: primaryId(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => trackedLinks.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    postId: uuid('post_id'),
    subreddit: text('subreddit'),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
    referrerHost: text('referrer_host'),
    clientHash: text('client_hash').notNull(),
    /** A link-preview fetcher or crawler: kept, counted apart. */
    bot: boolean('bot').notNull().default(false),
    /** False for a repeat of the same visitor within 30 minutes. */
    counted: boolean('counted').notNull(),
    /**
     * Clicks this row stands for: one, or the repeats of one client on one code written in the same
     * batch (a fraction of a second), folded so a client hammering a link adds one row per batch.
     */
    hits: integer('hits').notNull().default(1),
  },
  (t) => [
    index('link_clicks_link_id_occurred_at_idx').on(t.linkId, t.occurredAt),
    // Results count each post's visitors.
    index('link_clicks_post_id_idx')
      .on(t.postId)
      .where(sql`${t.postId} is not null`),
    index('link_clicks_dedupe_idx')
      .on(t.linkId, t.clientHash, t.occurredAt)
      .where(sql`${t.counted}`),
  ],
);

export type TrackedLinkRow = typeof trackedLinks.$inferSelect;
