import { useState } from 'react';
import {
  taxCategoryLabels,
  taxExpenseCategories,
  type TaxExpense,
  type TaxExpenseCategory,
} from '@app/shared/tax';
import { amountText, localToday } from '../lib/money';
import { EntryFormShell, useEntryForm } from './entry-form';
import { Field, TextField, inputClasses } from './field';
import { ReceiptPicker, type PickedReceipt } from './receipt-picker';

/** The fields of one expense: category, amount, day, description and an optional receipt photo. */
export function ExpenseForm({ entry, onDone }: { entry?: TaxExpense; onDone: () => void }) {
  const { values, errors, set, pending, submit } = useEntryForm<
    'expense',
    { category: TaxExpenseCategory; amount: string; spentOn: string; description: string }
  >('expense', entry?.id, {
    category: entry?.category ?? 'equipment',
    amount: entry ? amountText(entry.amountCents) : '',
    spentOn: entry?.spentOn ?? localToday(),
    description: entry?.description ?? '',
  });
  const [receipt, setReceipt] = useState<PickedReceipt | null>(entry?.receipt ?? null);

  return (
    <EntryFormShell
      kind="expense"
      editing={Boolean(entry)}
      pending={pending}
      onSubmit={() => submit({ ...values, receiptMediaId: receipt?.id ?? null }, onDone)}
      onCancel={onDone}
    >
      <Field id="expense-category" label="Category" error={errors.category}>
        {(aria) => (
          <select
            {...aria}
            className={inputClasses}
            value={values.category}
            onChange={(e) => set('category')(e.target.value)}
          >
            {taxExpenseCategories.map((category) => (
              <option key={category} value={category}>
                {taxCategoryLabels[category]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="expense-amount"
          label="Amount"
          hint="For example 49.99."
          error={errors.amount}
          inputMode="decimal"
          autoComplete="off"
          value={values.amount}
          onValueChange={set('amount')}
        />
        <TextField
          id="expense-date"
          label="Date paid"
          error={errors.spentOn}
          type="date"
          value={values.spentOn}
          onValueChange={set('spentOn')}
        />
      </div>
      <TextField
        id="expense-description"
        label="Description (optional)"
        error={errors.description}
        maxLength={600}
        value={values.description}
        onValueChange={set('description')}
      />
      <ReceiptPicker value={receipt} onChange={setReceipt} />
    </EntryFormShell>
  );
}
