import { leakCaseStatuses } from '@app/shared/leak-cases';
import type { TraceResult } from '@app/shared/leak-trace';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, primaryId, timestamptz, updatedAt } from './columns.js';
import { mediaAssets } from './media.js';
import { users } from './users.js';

/** A copy of the creator's picture found elsewhere, and the takedown notice she sends for it. */
export const leakCases = pgTable(
  'leak_cases',
  {
    id: primaryId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    infringingUrls: text('infringing_urls').array().notNull(),
    hostName: text('host_name').notNull(),
    /** An e-mail address or a web form's address, as she entered it. */
    hostAbuseContact: text('host_abuse_contact'),
    workDescription: text('work_description').notNull(),
    // The case outlives the photo: deleting it from the gallery keeps the case and its notice.
    mediaAssetId: uuid('media_asset_id').references(() => mediaAssets.id, { onDelete: 'set null' }),
    /** The "Trace a leak" answer the case was made from; null when made by hand. */
    evidence: jsonb('evidence').$type<TraceResult>(),
    status: text('status', { enum: leakCaseStatuses }).notNull().default('found'),
    notes: text('notes'),
    foundAt: timestamptz('found_at').notNull().defaultNow(),
    noticeSentAt: timestamptz('notice_sent_at'),
    removedAt: timestamptz('removed_at'),
    rejectedAt: timestamptz('rejected_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('leak_cases_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('leak_cases_media_asset_id_idx').on(t.mediaAssetId),
    oneOf('leak_cases_status_check', t.status, leakCaseStatuses),
  ],
);

/** Settings → Takedown contact details: who signs her notices; no row means none given yet. */
export const takedownContacts = pgTable('takedown_contacts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  legalName: text('legal_name'),
  postalAddress: text('postal_address'),
  email: text('email'),
  phone: text('phone'),
  updatedAt: updatedAt(),
});

export type LeakCaseRow = typeof leakCases.$inferSelect;
export type NewLeakCaseRow = typeof leakCases.$inferInsert;
export type TakedownContactRow = typeof takedownContacts.$inferSelect;
