import { and, asc, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  mediaAssets,
  taxExpenses,
  taxIncome,
  taxProfiles,
  type NewTaxExpenseRow,
  type NewTaxIncomeRow,
  type TaxExpenseRow,
  type TaxIncomeRow,
} from '../../db/schema/index.js';

export interface YearRange {
  from: string;
  to: string;
}

export const yearRange = (year: number): YearRange => ({ from: `${year}-01-01`, to: `${year}-12-31` });

export function listIncome(db: Database, userId: string, range: YearRange): Promise<TaxIncomeRow[]> {
  return db
    .select()
    .from(taxIncome)
    .where(
      and(
        eq(taxIncome.userId, userId),
        gte(taxIncome.receivedOn, range.from),
        lte(taxIncome.receivedOn, range.to),
      ),
    )
    .orderBy(desc(taxIncome.receivedOn), desc(taxIncome.createdAt));
}

export async function insertIncome(db: Database, values: NewTaxIncomeRow): Promise<TaxIncomeRow> {
  const [row] = await db.insert(taxIncome).values(values).returning();
  return row!;
}

/** Scoped by owner: another user's id changes nothing and finds nothing. */
export async function updateIncome(
  db: Database,
  userId: string,
  id: string,
  values: Partial<NewTaxIncomeRow>,
) {
  const [row] = await db
    .update(taxIncome)
    .set(values)
    .where(and(eq(taxIncome.id, id), eq(taxIncome.userId, userId)))
    .returning();
  return row;
}

export async function deleteIncome(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(taxIncome)
    .where(and(eq(taxIncome.id, id), eq(taxIncome.userId, userId)))
    .returning({ id: taxIncome.id });
  return deleted.length > 0;
}

/** Expenses with their receipt's file row (null when none was picked or the photo was deleted). */
function expensesWithReceipts(db: Database, userId: string) {
  return db
    .select({ expense: taxExpenses, receipt: mediaAssets })
    .from(taxExpenses)
    .leftJoin(
      mediaAssets,
      // A deleted photo (waiting for its purge) is already no receipt, as after the purge.
      and(eq(mediaAssets.id, taxExpenses.receiptMediaId), eq(mediaAssets.userId, userId), isNull(mediaAssets.deletedAt)),
    );
}

export function listExpenses(db: Database, userId: string, range: YearRange) {
  return expensesWithReceipts(db, userId)
    .where(
      and(
        eq(taxExpenses.userId, userId),
        gte(taxExpenses.spentOn, range.from),
        lte(taxExpenses.spentOn, range.to),
      ),
    )
    .orderBy(desc(taxExpenses.spentOn), desc(taxExpenses.createdAt));
}

export async function findExpense(db: Database, userId: string, id: string) {
  const [row] = await expensesWithReceipts(db, userId).where(
    and(eq(taxExpenses.id, id), eq(taxExpenses.userId, userId)),
  );
  return row;
}

export async function insertExpense(db: Database, values: NewTaxExpenseRow): Promise<TaxExpenseRow> {
  const [row] = await db.insert(taxExpenses).values(values).returning();
  return row!;
}

export async function updateExpense(
  db: Database,
  userId: string,
  id: string,
  values: Partial<NewTaxExpenseRow>,
) {
  const [row] = await db
    .update(taxExpenses)
    .set(values)
    .where(and(eq(taxExpenses.id, id), eq(taxExpenses.userId, userId)))
    .returning();
  return row;
}

export async function deleteExpense(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(taxExpenses)
    .where(and(eq(taxExpenses.id, id), eq(taxExpenses.userId, userId)))
    .returning({ id: taxExpenses.id });
  return deleted.length > 0;
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

/** Sums in the database, per platform and month; amounts come back as text (bigint sums). */
export function incomeTotals(db: Database, userId: string, range: YearRange) {
  const month = sql<number>`extract(month from ${taxIncome.receivedOn})::int`;
  return db
    .select({ platform: taxIncome.platform, month, cents: sql<string>`sum(${taxIncome.amountCents})` })
    .from(taxIncome)
    .where(
      and(
        eq(taxIncome.userId, userId),
        gte(taxIncome.receivedOn, range.from),
        lte(taxIncome.receivedOn, range.to),
      ),
    )
    .groupBy(taxIncome.platform, month)
    .orderBy(asc(taxIncome.platform));
}

export function expenseTotals(db: Database, userId: string, range: YearRange) {
  const month = sql<number>`extract(month from ${taxExpenses.spentOn})::int`;
  return db
    .select({ category: taxExpenses.category, month, cents: sql<string>`sum(${taxExpenses.amountCents})` })
    .from(taxExpenses)
    .where(
      and(
        eq(taxExpenses.userId, userId),
        gte(taxExpenses.spentOn, range.from),
        lte(taxExpenses.spentOn, range.to),
      ),
    )
    .groupBy(taxExpenses.category, month);
}
