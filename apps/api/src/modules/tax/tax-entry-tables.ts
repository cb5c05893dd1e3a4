import type { TaxEntryKind } from '@app/shared/tax';
import {
  taxExpenses,
  taxIncome,
  type NewTaxExpenseRow,
  type NewTaxIncomeRow,
  type TaxExpenseRow,
  type TaxIncomeRow,
} from '../../db/schema/index.js';

/** The row types of each kind of tax entry, so one set of repo functions can serve both. */
export interface TaxEntryRows {
  income: { row: TaxIncomeRow; insert: NewTaxIncomeRow };
  expense: { row: TaxExpenseRow; insert: NewTaxExpenseRow };
}

/**
 * Each kind's table, the day it is filed under and the key the summary groups it by. Both tables
 * share id, userId, amountCents and createdAt, which is all the shared queries touch.
 */
export const taxEntryTables = {
  income: { table: taxIncome, day: taxIncome.receivedOn, key: taxIncome.platform },
  expense: { table: taxExpenses, day: taxExpenses.spentOn, key: taxExpenses.category },
} as const satisfies Record<TaxEntryKind, unknown>;
