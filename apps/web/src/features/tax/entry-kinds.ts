import { taxEntryKinds, type TaxEntryKind } from '@app/shared/tax';
import { taxPageTexts } from './tax-texts';

/** What the page says about each kind of entry; everything else is shared (see api/tax-entries.ts). */
export const taxEntryViews = {
  income: {
    ...taxEntryKinds.income,
    queryKey: 'income',
    listTitle: taxPageTexts.incomeListTitle,
    addLabel: taxPageTexts.addIncome,
    failedTitle: taxPageTexts.incomeFailed,
    empty: taxPageTexts.incomeEmpty,
    added: 'Income added',
    updated: 'Income updated',
    notAdded: 'Income not added',
    notUpdated: 'Income not updated',
    notDeleted: 'Income not deleted',
    addTitle: 'Add income',
    editTitle: 'Edit income',
    dialogDescription: 'Money you received from a platform, before its fees if you log those as expenses.',
    dialogWidth: 'max-w-md',
    deleteFallbackName: 'this income',
    deleteDescription: 'It is removed from your totals, estimates and exports. This cannot be undone.',
    deleteLabel: 'Delete income',
  },
  expense: {
    ...taxEntryKinds.expense,
    queryKey: 'expenses',
    listTitle: taxPageTexts.expenseListTitle,
    addLabel: taxPageTexts.addExpense,
    failedTitle: taxPageTexts.expenseFailed,
    empty: taxPageTexts.expenseEmpty,
    added: 'Expense added',
    updated: 'Expense updated',
    notAdded: 'Expense not added',
    notUpdated: 'Expense not updated',
    notDeleted: 'Expense not deleted',
    addTitle: 'Add expense',
    editTitle: 'Edit expense',
    dialogDescription: 'A business cost you may be able to deduct. Keep the receipt with it.',
    dialogWidth: 'max-w-lg',
    deleteFallbackName: 'this expense',
    deleteDescription:
      'It is removed from your totals, estimates and exports; the receipt photo stays in your gallery. This cannot be undone.',
    deleteLabel: 'Delete expense',
  },
} as const satisfies Record<TaxEntryKind, unknown>;
