import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { TaxEntryKind } from '@app/shared/tax';
import type { Database } from '../../db/client.js';
import { mediaAssets, taxIncome, taxProfiles, type MediaAssetRow } from '../../db/schema/index.js';
import { taxEntryTables, type TaxEntryRows } from './tax-entry-tables.js';

export interface YearRange {
  from: string;
  to: string;
}

export const yearRange = (year: number): YearRange => ({ from: `${year}-01-01`, to: `${year}-12-31` });

type Row<K extends TaxEntryKind> = TaxEntryRows[K]['row'];
type Insert<K extends TaxEntryKind> = TaxEntryRows[K]['insert'];

/*
 * Drizzle cannot type a query over "one of two tables", so the shared functions type the query
 * against the income table and give back the kind's own row type: only the columns both tables
 * share (see taxEntryTables) appear in the queries.
 */
const tableOf = (kind: TaxEntryKind) => taxEntryTables[kind].table as typeof taxIncome;
const dayOf = (kind: TaxEntryKind) => taxEntryTables[kind].day as typeof taxIncome.receivedOn;

const owned = (kind: TaxEntryKind, userId: string, id: string) =>
  and(eq(tableOf(kind).id, id), eq(tableOf(kind).userId, userId));

/** The year's entries of one kind, newest first. */
export async function listEntries<K extends TaxEntryKind>(
  db: Database,
  kind: K,
  userId: string,
  range: YearRange,
): Promise<Row<K>[]> {
  const table = tableOf(kind);
  const day = dayOf(kind);
  const rows = await db
    .select()
    .from(table)
    .where(and(eq(table.userId, userId), gte(day, range.from), lte(day, range.to)))
    .orderBy(desc(day), desc(table.createdAt));
  return rows as Row<K>[];
}

export async function findEntry<K extends TaxEntryKind>(db: Database, kind: K, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(tableOf(kind))
    .where(owned(kind, userId, id));
  return row as Row<K> | undefined;
}

export async function insertEntry<K extends TaxEntryKind>(db: Database, kind: K, values: Insert<K>) {
  const [row] = await db
    .insert(tableOf(kind))
    .values(values as Insert<'income'>)
    .returning();
  return row as Row<K>;
}

/** Scoped by owner: another user's id changes nothing and finds nothing. */
export async function updateEntry<K extends TaxEntryKind>(
  db: Database,
  kind: K,
  userId: string,
  id: string,
  values: Partial<Insert<K>>,
) {
  const [row] = await db
    .update(tableOf(kind))
    .set(values as Partial<Insert<'income'>>)
    .where(owned(kind, userId, id))
    .returning();
  return row as Row<K> | undefined;
}

export async function deleteEntry(db: Database, kind: TaxEntryKind, userId: string, id: string) {
  const table = tableOf(kind);
  const deleted = await db
    .delete(table)
    .where(owned(kind, userId, id))
    .returning({ id: table.id });
  return deleted.length > 0;
}

/** Sums in the database, per key (platform or category) and month; amounts come back as text (bigint sums). */
export function entryTotals(db: Database, kind: TaxEntryKind, userId: string, range: YearRange) {
  const table = tableOf(kind);
  const day = dayOf(kind);
  const key = taxEntryTables[kind].key;
  const month = sql<number>`extract(month from ${day})::int`;
  return db
    .select({ key: sql<string>`${key}`, month, cents: sql<string>`sum(${table.amountCents})` })
    .from(table)
    .where(and(eq(table.userId, userId), gte(day, range.from), lte(day, range.to)))
    .groupBy(key, month)
    .orderBy(asc(key));
}

/**
 * The user's own live photos among the ids, by id. A deleted photo (waiting for its purge) is
 * already no receipt, as after the purge; anyone else's photo is never one.
 */
export async function findReceipts(db: Database, userId: string, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map<string, MediaAssetRow>();
  const rows = await db
    .select()
    .from(mediaAssets)
    .where(
      and(inArray(mediaAssets.id, wanted), eq(mediaAssets.userId, userId), isNull(mediaAssets.deletedAt)),
    );
  return new Map(rows.map((row) => [row.id, row]));
}

export async function findProfile(db: Database, userId: string) {
  const [row] = await db.select().from(taxProfiles).where(eq(taxProfiles.userId, userId));
  return row;
}

export async function upsertProfile(
  db: Database,
  userId: string,
  values: { rateBasisPoints: number; currency?: string },
) {
  const [row] = await db
    .insert(taxProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: taxProfiles.userId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}
