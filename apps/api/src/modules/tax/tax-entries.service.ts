import { taxEntryKinds, taxTexts, type TaxEntryKind, type TaxEntryTypes } from '@app/shared/tax';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { MediaUrlSigner } from '../media/media-url-signer.js';
import { findOwnAsset } from '../media/media.repo.js';
import { taxEntryMappings } from './tax-entry-kinds.js';
import type { TaxEntryRows } from './tax-entry-tables.js';
import * as repo from './tax.repo.js';

/** Income and expenses, written once: what differs per kind is in taxEntryKinds and taxEntryMappings. */
export interface TaxDeps {
  db: Database;
  signer: MediaUrlSigner;
}

type Row<K extends TaxEntryKind> = TaxEntryRows[K]['row'];

/** Only a photo from the user's own gallery can be a receipt; anyone else's id is "not found". */
async function checkReceipt(db: Database, userId: string, id: string | null | undefined) {
  if (id && !(await findOwnAsset(db, userId, id))) throw AppError.notFound(taxTexts.receiptNotFound);
}

function requireChange(values: Record<string, unknown>) {
  if (Object.values(values).every((value) => value === undefined))
    throw AppError.badRequest(taxTexts.nothingToChange);
}

const receiptIdOf = (input: object) =>
  'receiptMediaId' in input ? (input.receiptMediaId as string | null | undefined) : undefined;

/** Rows in the API's shape, each with its receipt when the kind has receipts. */
export async function present<K extends TaxEntryKind>(
  deps: TaxDeps,
  kind: K,
  userId: string,
  rows: Row<K>[],
) {
  const mapping = taxEntryMappings[kind];
  const receipts = await repo.findReceipts(deps.db, userId, rows.map(mapping.receiptIdOf));
  return rows.map((row) => {
    const receiptId = mapping.receiptIdOf(row);
    return mapping.present(row, (receiptId && receipts.get(receiptId)) || null, deps.signer);
  });
}

export async function listEntries<K extends TaxEntryKind>(
  deps: TaxDeps,
  kind: K,
  userId: string,
  year: number,
) {
  return present(deps, kind, userId, await repo.listEntries(deps.db, kind, userId, repo.yearRange(year)));
}

export async function createEntry<K extends TaxEntryKind>(
  deps: TaxDeps,
  kind: K,
  userId: string,
  input: TaxEntryTypes[K]['create'],
) {
  await checkReceipt(deps.db, userId, receiptIdOf(input));
  // Optional texts left out of a new entry are stored as null.
  const values = Object.fromEntries(
    Object.entries(taxEntryMappings[kind].values(input)).map(([key, value]) => [key, value ?? null]),
  ) as TaxEntryRows[K]['insert'];
  const row = await repo.insertEntry(deps.db, kind, { ...values, userId });
  return (await present(deps, kind, userId, [row]))[0]!;
}

export async function changeEntry<K extends TaxEntryKind>(
  deps: TaxDeps,
  kind: K,
  userId: string,
  id: string,
  input: TaxEntryTypes[K]['update'],
) {
  requireChange(input);
  const notFound = () => AppError.notFound(taxEntryKinds[kind].notFound);
  // The entry is looked up first, so another user's entry is "not found" whatever the receipt.
  if (!(await repo.findEntry(deps.db, kind, userId, id))) throw notFound();
  await checkReceipt(deps.db, userId, receiptIdOf(input));
  const row = await repo.updateEntry(deps.db, kind, userId, id, taxEntryMappings[kind].values(input));
  if (!row) throw notFound();
  return (await present(deps, kind, userId, [row]))[0]!;
}

export async function removeEntry(db: Database, kind: TaxEntryKind, userId: string, id: string) {
  if (!(await repo.deleteEntry(db, kind, userId, id))) throw AppError.notFound(taxEntryKinds[kind].notFound);
  return { message: taxEntryKinds[kind].deleted };
}
