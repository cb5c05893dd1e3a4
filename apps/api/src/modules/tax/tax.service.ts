import {
  defaultTaxRateBasisPoints,
  taxCategoryLabels,
  taxCurrencies,
  taxTexts,
  type CreateTaxExpense,
  type CreateTaxIncome,
  type TaxCurrency,
  type TaxExpense,
  type TaxIncome,
  type TaxProfile,
  type UpdateTaxExpense,
  type UpdateTaxIncome,
} from '@app/shared/tax';
import type { Database } from '../../db/client.js';
import type { MediaAssetRow, TaxExpenseRow, TaxIncomeRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { MediaUrlSigner } from '../media/media-url-signer.js';
import { findOwnAsset } from '../media/media.repo.js';
import { toCsv, type CsvEntry } from './tax-csv.js';
import { summarizeTaxYear } from './tax-summary.js';
import * as repo from './tax.repo.js';

export interface TaxDeps {
  db: Database;
  signer: MediaUrlSigner;
}

export const currentTaxYear = (now = new Date()) => now.getUTCFullYear();

export function toTaxIncome(row: TaxIncomeRow): TaxIncome {
  return {
    id: row.id,
    platform: row.platform,
    amountCents: row.amountCents,
    receivedOn: row.receivedOn,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toTaxExpense(row: TaxExpenseRow, receipt: MediaAssetRow | null, signer: MediaUrlSigner): TaxExpense {
  return {
    id: row.id,
    category: row.category,
    amountCents: row.amountCents,
    spentOn: row.spentOn,
    description: row.description,
    receipt: receipt
      ? {
          id: receipt.id,
          filename: receipt.filename,
          thumbnailUrl: signer.sign(receipt.id, receipt.thumbnailKey ? 'thumbnail' : 'original').url,
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Only a photo from the user's own gallery can be a receipt; anyone else's id is "not found". */
async function ownReceipt(db: Database, userId: string, id: string | null | undefined) {
  if (!id) return null;
  const asset = await findOwnAsset(db, userId, id);
  if (!asset) throw AppError.notFound(taxTexts.receiptNotFound);
  return asset;
}

function requireChange(values: Record<string, unknown>) {
  if (Object.values(values).every((value) => value === undefined))
    throw AppError.badRequest(taxTexts.nothingToChange);
}

export async function createIncome(db: Database, userId: string, input: CreateTaxIncome) {
  const row = await repo.insertIncome(db, {
    userId,
    platform: input.platform,
    amountCents: input.amount,
    receivedOn: input.receivedOn,
    note: input.note ?? null,
  });
  return toTaxIncome(row);
}

export async function changeIncome(db: Database, userId: string, id: string, input: UpdateTaxIncome) {
  requireChange(input);
  const row = await repo.updateIncome(db, userId, id, {
    platform: input.platform,
    amountCents: input.amount,
    receivedOn: input.receivedOn,
    note: input.note,
  });
  if (!row) throw AppError.notFound(taxTexts.incomeNotFound);
  return toTaxIncome(row);
}

export async function removeIncome(db: Database, userId: string, id: string) {
  if (!(await repo.deleteIncome(db, userId, id))) throw AppError.notFound(taxTexts.incomeNotFound);
  return { message: taxTexts.incomeDeleted };
}

export async function listIncome(db: Database, userId: string, year: number) {
  return (await repo.listIncome(db, userId, repo.yearRange(year))).map(toTaxIncome);
}

export async function listExpenses(deps: TaxDeps, userId: string, year: number) {
  const rows = await repo.listExpenses(deps.db, userId, repo.yearRange(year));
  return rows.map(({ expense, receipt }) => toTaxExpense(expense, receipt, deps.signer));
}

export async function createExpense(deps: TaxDeps, userId: string, input: CreateTaxExpense) {
  const receipt = await ownReceipt(deps.db, userId, input.receiptMediaId);
  const row = await repo.insertExpense(deps.db, {
    userId,
    category: input.category,
    amountCents: input.amount,
    spentOn: input.spentOn,
    description: input.description ?? null,
    receiptMediaId: receipt?.id ?? null,
  });
  return toTaxExpense(row, receipt, deps.signer);
}

export async function changeExpense(deps: TaxDeps, userId: string, id: string, input: UpdateTaxExpense) {
  requireChange(input);
  // The expense is looked up first, so another user's expense is "not found" whatever the receipt.
  if (!(await repo.findExpense(deps.db, userId, id))) throw AppError.notFound(taxTexts.expenseNotFound);
  await ownReceipt(deps.db, userId, input.receiptMediaId);
  const row = await repo.updateExpense(deps.db, userId, id, {
    category: input.category,
    amountCents: input.amount,
    spentOn: input.spentOn,
    description: input.description,
    receiptMediaId: input.receiptMediaId,
  });
  if (!row) throw AppError.notFound(taxTexts.expenseNotFound);
  const saved = await repo.findExpense(deps.db, userId, id);
  return toTaxExpense(row, saved?.receipt ?? null, deps.signer);
}

export async function removeExpense(db: Database, userId: string, id: string) {
  if (!(await repo.deleteExpense(db, userId, id))) throw AppError.notFound(taxTexts.expenseNotFound);
  return { message: taxTexts.expenseDeleted };
}

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
    repo.incomeTotals(db, userId, range),
    repo.expenseTotals(db, userId, range),
  ]);
  return summarizeTaxYear({
    year,
    rateBasisPoints: profile.rateBasisPoints,
    currency: profile.currency,
    income: income.map((row) => ({ key: row.platform, month: Number(row.month), cents: Number(row.cents) })),
    expenses: expenses.map((row) => ({
      key: row.category,
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
    repo.listIncome(deps.db, userId, range),
    repo.listExpenses(deps.db, userId, range),
  ]);
  const entries: CsvEntry[] = [
    ...income.map((row): CsvEntry => ({
      date: row.receivedOn,
      type: 'Income',
      source: row.platform,
      description: row.note,
      amountCents: row.amountCents,
      receiptFilename: null,
    })),
    ...expenses.map(({ expense, receipt }): CsvEntry => ({
      date: expense.spentOn,
      type: 'Expense',
      source: taxCategoryLabels[expense.category],
      description: expense.description,
      amountCents: expense.amountCents,
      receiptFilename: receipt?.filename ?? null,
    })),
  ];
  // Array sort is stable: the lists come newest first, so reverse them before sorting by day.
  entries.reverse();
  entries.sort(
    (a, b) => a.date.localeCompare(b.date) || (a.type === b.type ? 0 : a.type === 'Income' ? -1 : 1),
  );
  return toCsv(entries, profile.currency);
}
