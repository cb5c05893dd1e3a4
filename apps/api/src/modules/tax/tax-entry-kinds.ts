import type { TaxEntryKind, TaxEntryTypes, TaxExpense, TaxIncome } from '@app/shared/tax';
import type { MediaAssetRow, TaxExpenseRow, TaxIncomeRow } from '../../db/schema/index.js';
import type { MediaUrlSigner } from '../media/media-url-signer.js';
import type { TaxEntryRows } from './tax-entry-tables.js';

/** How one kind of entry turns the API's input into row values and a row back into the API's shape. */
interface TaxEntryMapping<K extends TaxEntryKind> {
  /** Row values for a create (every field) or an update (undefined leaves a field alone). */
  values(input: TaxEntryTypes[K]['update']): Partial<TaxEntryRows[K]['insert']>;
  /** The receipt photo the row points at, if the kind has receipts. */
  receiptIdOf(row: TaxEntryRows[K]['row']): string | null;
  present(
    row: TaxEntryRows[K]['row'],
    receipt: MediaAssetRow | null,
    signer: MediaUrlSigner,
  ): TaxEntryTypes[K]['entry'];
}

const timestamps = (row: { createdAt: Date; updatedAt: Date }) => ({
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const taxEntryMappings: { [K in TaxEntryKind]: TaxEntryMapping<K> } = {
  income: {
    values: (input) => ({
      platform: input.platform,
      amountCents: input.amount,
      receivedOn: input.receivedOn,
      note: input.note,
    }),
    receiptIdOf: () => null,
    present: (row: TaxIncomeRow): TaxIncome => ({
      id: row.id,
      platform: row.platform,
      amountCents: row.amountCents,
      receivedOn: row.receivedOn,
      note: row.note,
      ...timestamps(row),
    }),
  },
  expense: {
    values: (input) => ({
      category: input.category,
      amountCents: input.amount,
      spentOn: input.spentOn,
      description: input.description,
      receiptMediaId: input.receiptMediaId,
    }),
    receiptIdOf: (row) => row.receiptMediaId,
    present: (row: TaxExpenseRow, receipt, signer): TaxExpense => ({
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
      ...timestamps(row),
    }),
  },
};
