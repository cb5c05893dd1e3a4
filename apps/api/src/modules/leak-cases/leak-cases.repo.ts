import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { LeakCaseStatus } from '@app/shared/leak-cases';
import type { Database } from '../../db/client.js';
import { leakCases, mediaAssets, type LeakCaseRow, type NewLeakCaseRow } from '../../db/schema/index.js';
import { notDeleted } from '../media/media.repo.js';

/** A case with the gallery photo it links to, while that photo is still in the gallery. */
export interface LeakCaseWithPhoto {
  row: LeakCaseRow;
  photo: { id: string; fileName: string; createdAt: Date } | null;
}

const owned = (userId: string, id: string) => and(eq(leakCases.id, id), eq(leakCases.userId, userId));

async function withPhotos(db: Database, where: ReturnType<typeof and>): Promise<LeakCaseWithPhoto[]> {
  const rows = await db
    .select({
      row: leakCases,
      photoId: mediaAssets.id,
      fileName: mediaAssets.filename,
      photoCreatedAt: mediaAssets.createdAt,
    })
    .from(leakCases)
    // The owner is part of the join too: a case can only ever show its own owner's photo.
    .leftJoin(
      mediaAssets,
      and(eq(mediaAssets.id, leakCases.mediaAssetId), eq(mediaAssets.userId, leakCases.userId), notDeleted),
    )
    .where(where)
    .orderBy(desc(leakCases.createdAt), desc(leakCases.id));
  return rows.map(({ row, photoId, fileName, photoCreatedAt }) => ({
    row,
    photo:
      photoId && fileName && photoCreatedAt ? { id: photoId, fileName, createdAt: photoCreatedAt } : null,
  }));
}

/** Her cases, newest first, optionally of one status. */
export function listLeakCases(db: Database, userId: string, status?: LeakCaseStatus) {
  return withPhotos(db, and(eq(leakCases.userId, userId), status ? eq(leakCases.status, status) : undefined));
}

export async function findLeakCase(db: Database, userId: string, id: string) {
  const [found] = await withPhotos(db, owned(userId, id));
  return found;
}

export async function countLeakCases(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(leakCases).where(eq(leakCases.userId, userId));
  return Number(row?.n ?? 0);
}

export async function insertLeakCase(db: Database, values: NewLeakCaseRow): Promise<LeakCaseRow> {
  const [row] = await db.insert(leakCases).values(values).returning();
  return row!;
}

/**
 * The dates a status change stamps, as SQL on the row's own values so two clicks at once agree:
 * each status keeps the date it was first reached; going back clears the later dates.
 */
function statusDates(status: LeakCaseStatus) {
  const keepOrNow = (column: AnyPgColumn) => sql`coalesce(${column}, now())`;
  switch (status) {
    case 'found':
      return { noticeSentAt: null, removedAt: null, rejectedAt: null };
    case 'notice_sent':
      return { noticeSentAt: keepOrNow(leakCases.noticeSentAt), removedAt: null, rejectedAt: null };
    case 'removed':
      return { removedAt: keepOrNow(leakCases.removedAt), rejectedAt: null };
    case 'rejected':
      return { rejectedAt: keepOrNow(leakCases.rejectedAt), removedAt: null };
  }
}

/** Scoped by owner: another user's id changes nothing and finds nothing. */
export async function updateLeakCase(
  db: Database,
  userId: string,
  id: string,
  values: Partial<NewLeakCaseRow>,
): Promise<boolean> {
  const dates = values.status ? statusDates(values.status) : {};
  const updated = await db
    .update(leakCases)
    .set({ ...values, ...dates })
    .where(owned(userId, id))
    .returning({ id: leakCases.id });
  return updated.length > 0;
}

export async function deleteLeakCase(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(leakCases).where(owned(userId, id)).returning({ id: leakCases.id });
  return deleted.length > 0;
}
