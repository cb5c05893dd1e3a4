import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { protectionLevels, type HashName } from '@app/shared/media';
import { createdAt, oneOf, primaryId, timestamptz } from './columns.js';
import { mediaAssets, type StoredProtectionReport } from './media.js';
import { campaigns, scheduledPosts } from './reddit.js';
import { users } from './users.js';

export const imageCopyKinds = ['protected', 'post', 'download'] as const;
export type ImageCopyKind = (typeof imageCopyKinds)[number];

/** Perceptual hashes as hex (hash-bits.ts `hashToHex`), one per name in `hashNames`. */
export type StoredHashes = Record<HashName, string>;

/**
 * The copy registry (docs/leak-tracing.md#tracing-a-leak): one row per copy of a creator's photo
 * that left us — an ImageShield copy, a post's image, a download — with the invisible mark it
 * carries and its perceptual hashes, so a found picture can be traced back to it. Rows outlive the
 * photo and the post (set null): a copy that was posted stays traceable after either is deleted.
 */
export const imageCopies = pgTable(
  'image_copies',
  {
    id: primaryId(),
    // 48 bits (forensic-mark.ts markIdBits), random; null only for a copy the mark could not be put in.
    markId: bigint('mark_id', { mode: 'number' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaAssetId: uuid('media_asset_id').references(() => mediaAssets.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: imageCopyKinds }).notNull(),
    // The file while we keep one (ImageShield and campaign copies); null for a post's image made at send time.
    storageKey: text('storage_key'),
    // An ImageShield copy's pixels before the mark, never served: each single post made from the copy
    // gets only its own mark (two marks on one picture would garble each other).
    unmarkedStorageKey: text('unmarked_storage_key'),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    protectionLevel: text('protection_level', { enum: protectionLevels }),
    pdqHash: text('pdq_hash').notNull(),
    hashes: jsonb('hashes').$type<StoredHashes>().notNull(),
    // The hashes of the original the copy was made from: a found original is told apart from a copy.
    originalHashes: jsonb('original_hashes').$type<StoredHashes>(),
    postId: uuid('post_id').references(() => scheduledPosts.id, { onDelete: 'set null' }),
    // Kept apart from the post, which may be deleted from the history later.
    subreddit: text('subreddit'),
    redditUsername: text('reddit_username'),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    // A single post's image is marked onto the photo's ImageShield copy: which one (where each copy went).
    sourceCopyId: uuid('source_copy_id').references((): AnyPgColumn => imageCopies.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    // Set when the copy's file is deleted; the row stays so a copy already out there is still traced.
    deletedAt: timestamptz('deleted_at'),
    // An ImageShield preview she has not kept or discarded yet: it replaces nothing, is listed
    // nowhere, and is deleted (file and row) once this time passes. Null for every other copy.
    pendingUntil: timestamptz('pending_until'),
    // The preview's measurements, given to the photo when she keeps it.
    pendingReport: jsonb('pending_report').$type<StoredProtectionReport>(),
  },
  (t) => [
    uniqueIndex('image_copies_mark_id_key').on(t.markId),
    index('image_copies_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('image_copies_media_asset_id_idx').on(t.mediaAssetId),
    // The sender and ImageShield look a copy up by its file.
    index('image_copies_storage_key_idx').on(t.storageKey),
    // One image per post: a retried send reuses its row (and mark) instead of making another.
    uniqueIndex('image_copies_post_id_key')
      .on(t.postId)
      .where(sql`${t.kind} = 'post'`),
    index('image_copies_campaign_id_idx').on(t.campaignId),
    index('image_copies_source_copy_id_idx').on(t.sourceCopyId),
    index('image_copies_pending_until_idx')
      .on(t.pendingUntil)
      .where(sql`${t.pendingUntil} is not null`),
    oneOf('image_copies_kind_check', t.kind, imageCopyKinds),
    oneOf('image_copies_protection_level_check', t.protectionLevel, protectionLevels),
    check('image_copies_mark_id_check', sql`${t.markId} >= 0 and ${t.markId} < 281474976710656`),
    check('image_copies_bytes_check', sql`${t.bytes} >= 0`),
  ],
);

export type ImageCopyRow = typeof imageCopies.$inferSelect;
export type NewImageCopyRow = typeof imageCopies.$inferInsert;
