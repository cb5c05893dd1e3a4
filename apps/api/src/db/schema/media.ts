import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  contentRatings,
  protectionLevels,
  type ContentScores,
  type ProtectionReport,
} from '@app/shared/media';
import { createdAt, oneOf, primaryId, timestamptz, updatedAt } from './columns.js';
import { users } from './users.js';

/**
 * The report as stored: what the API shows, plus the PDQ hashes (hex) of the copies made so far,
 * newest first, which every new copy must not match. Never sent to the browser.
 */
export type StoredProtectionReport = ProtectionReport & { copyPdqHashes?: string[] };

export const mediaVisibilities = ['private', 'public'] as const;

export const mediaAssets = pgTable(
  'media_assets',
  {
    id: primaryId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    mime: text('mime').notNull(),
    // bigint because per-user usage is summed from it; 'number' mode is exact far beyond any quota.
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    // Every stored byte counts toward the plan's quota, not only the original's (bytes above).
    thumbnailBytes: bigint('thumbnail_bytes', { mode: 'number' }).notNull().default(0),
    // Set once protected; the original under storage_key is kept so the level can be changed later.
    protectedStorageKey: text('protected_storage_key'),
    protectedBytes: bigint('protected_bytes', { mode: 'number' }).notNull().default(0),
    protectionLevel: text('protection_level', { enum: protectionLevels }),
    // The measured distances of the protected copy to the original (ImageShield), shown to the user.
    protectionReport: jsonb('protection_report').$type<StoredProtectionReport>(),
    hasWatermark: boolean('has_watermark').notNull().default(false),
    visibility: text('visibility', { enum: mediaVisibilities }).notNull().default('private'),
    tags: text('tags').array().notNull().default([]),
    lastRepostedAt: timestamptz('last_reposted_at'),
    // The automatic content rating (docs/decisions/037-photo-content-rating.md). rated_at is when a
    // rating was tried: set with a null rating when the photo could not be read, so it is not retried.
    contentRating: text('content_rating', { enum: contentRatings }),
    contentScores: jsonb('content_scores').$type<ContentScores>(),
    ratedAt: timestamptz('rated_at'),
    // Set by Delete: the asset is hidden everywhere at once, can be restored for a short while
    // (mediaUndoSeconds), and is then purged with its files (docs/decisions/025-soft-delete-and-undo.md).
    deletedAt: timestamptz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The gallery's keyset order (lib/cursor-page.ts): a page costs the same at any depth.
    index('media_assets_user_id_created_at_id_idx').on(t.userId, t.createdAt, t.id),
    uniqueIndex('media_assets_storage_key_key').on(t.storageKey),
    // For the purge: only the few rows waiting to be purged are indexed.
    index('media_assets_deleted_at_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    // For the rating job: only photos still waiting for a rating are indexed.
    index('media_assets_unrated_idx')
      .on(t.createdAt)
      .where(sql`${t.ratedAt} is null and ${t.deletedAt} is null`),
    oneOf('media_assets_content_rating_check', t.contentRating, contentRatings),
    oneOf('media_assets_protection_level_check', t.protectionLevel, protectionLevels),
    oneOf('media_assets_visibility_check', t.visibility, mediaVisibilities),
    check('media_assets_bytes_check', sql`${t.bytes} >= 0`),
    check('media_assets_thumbnail_bytes_check', sql`${t.thumbnailBytes} >= 0`),
    check('media_assets_protected_bytes_check', sql`${t.protectedBytes} >= 0`),
  ],
);

export type MediaAssetRow = typeof mediaAssets.$inferSelect;
export type NewMediaAssetRow = typeof mediaAssets.$inferInsert;
