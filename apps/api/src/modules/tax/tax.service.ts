import {
  defaultTaxRateBasisPoints,
  taxCategoryLabels,
  taxCurrencies,
  type TaxCurrency,
  type TaxExpenseCategory,
  type TaxProfile,
} from '@app/shared/tax';
import type { Database } from '../../db/client.js';
import { toCsv, type CsvEntry } from './tax-csv.js';
import type { TaxDeps } from './tax-entries.service.js';
import { summarizeTaxYear } from './tax-summary.js';
import * as repo from './tax.repo.js';

export const currentTaxYear = (now = new Date()) => now.getUTCFullYear();

const asCurrency = (value: string): TaxCurrency =>
  (taxCurrencies as readonly string[]).includes(value) ? (value as TaxCurrency) : 'usd';

/** Users who never saved a rate get the default (25 %) without a row being written. */
export async function profileOf(db: Database, userId: string): Promise<TaxProfile> {
  const row = await repo.findProfile(db, userId);
  const rateBasisPoints = row?.rateBasisPoints ?? defaultTaxRateBasisPoints;
  return {
    rateBasisPoints,
    ratePercent: rateBasisPoints / 100,
    currency: asCurrency(row?.currency ?? 'usd'),
  };
}

export async function saveProfile(
  db: Database,
  userId: string,
  input: { rateBasisPoints: number; currency?: TaxCurrency },
) {
  const row = await repo.upsertProfile(db, userId, input);
  return {
    rateBasisPoints: row.rateBasisPoints,
    ratePercent: row.rateBasisPoints / 100,
    currency: asCurrency(row.currency),
  };
}

export async function taxSummary(db: Database, userId: string, year: number, now = new Date()) {
  const range = repo.yearRange(year);
  const [profile, income, expenses] = await Promise.all([
    profileOf(db, userId),
    repo.entryTotals(db, 'income', userId, range),
    repo.entryTotals(db, 'expense', userId, range),
  ]);
  return summarizeTaxYear({
    year,
    rateBasisPoints: profile.rateBasisPoints,
    currency: profile.currency,
    income: income.map((row) => ({ key: row.key, month: Number(row.month), cents: Number(row.cents) })),
    expenses: expenses.map((row) => ({
      // The column only holds known categories (its check constraint).
      key: row.key as TaxExpenseCategory,
      month: Number(row.month),
      cents: Number(row.cents),
    })),
    today: now.toISOString().slice(0, 10),
  });
}

/** One row per entry of the year, oldest first, income before expenses on the same day. */
export async function taxCsv(deps: TaxDeps, userId: string, year: number) {
  const range = repo.yearRange(year);
  const [profile, income, expenses] = await Promise.all([
    profileOf(deps.db, userId),
    repo.listEntries(deps.db, 'income', userId, range),
    repo.listEntries(deps.db, 'expense', userId, range),
  ]);
  const receipts = await repo.findReceipts(
    deps.db,
    userId,
    expenses.map((expense) => expense.receiptMediaId),
  );
  const entries: CsvEntry[] = [
    ...income.map((row): CsvEntry => ({
      date: row.receivedOn,
      type: 'Income',
      source: row.platform,
      description: row.note,
      amountCents: row.amountCents,
      receiptFilename: null,
    })),
    ...expenses.map((expense): CsvEntry => ({
      date: expense.spentOn,
      type: 'Expense',
      source: taxCategoryLabels[expense.category],
      description: expense.description,
      amountCents: expense.amountCents,
      receiptFilename: (expense.receiptMediaId && receipts.get(expense.receiptMediaId)?.filename) || null,
    })),
  ];
  // Array sort is stable: the lists come newest first, so reverse them before sorting by day.
  entries.reverse();
  entries.sort(
    (a, b) => a.date.localeCompare(b.date) || (a.type === b.type ? 0 : a.type === 'Income' ? -1 : 1),
  );
  return toCsv(entries, profile.currency);
}
