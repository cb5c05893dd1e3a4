import { useState } from 'react';
import {
  createTaxExpenseSchema,
  taxCategoryLabels,
  taxExpenseCategories,
  type TaxExpense,
} from '@app/shared/tax';
import { Input } from '../../../components/ui/form/input';
import { Select } from '../../../components/ui/form/select';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { useSaveTaxEntry } from '../api/tax-entries';
import { amountText, localToday } from '../lib/money';
import { EntryFormShell, FieldHint, entryFormOptions } from './entry-form';
import { ReceiptPicker, type PickedReceipt } from './receipt-picker';

const categoryOptions = taxExpenseCategories.map((value) => ({ value, label: taxCategoryLabels[value] }));

/** The fields of one expense: category, amount, day, description and an optional receipt photo. */
export function ExpenseForm({ entry, onDone }: { entry?: TaxExpense; onDone: () => void }) {
  const form = useZodForm(createTaxExpenseSchema, {
    ...entryFormOptions,
    defaultValues: {
      category: entry?.category ?? 'equipment',
      amount: entry ? amountText(entry.amountCents) : '',
      spentOn: entry?.spentOn ?? localToday(),
      description: entry?.description ?? '',
    },
  });
  const [receipt, setReceipt] = useState<PickedReceipt | null>(entry?.receipt ?? null);
  const save = useSaveTaxEntry('expense');
  const { register, formState } = form;
  const { errors } = formState;

  function saveExpense() {
    // The typed text goes to the server, which parses it with the same schema.
    const values = { ...form.getValues(), receiptMediaId: receipt?.id ?? null };
    save.mutate({ id: entry?.id, values }, { onSuccess: onDone });
  }

  return (
    <EntryFormShell
      kind="expense"
      form={form}
      editing={Boolean(entry)}
      pending={save.isPending}
      onValid={saveExpense}
      onCancel={onDone}
    >
      <Select
        id="expense-category"
        label="Category"
        registration={register('category')}
        error={errors.category}
        options={categoryOptions}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          id="expense-amount"
          label="Amount"
          hint={<FieldHint>For example 49.99.</FieldHint>}
          registration={register('amount')}
          error={errors.amount}
          inputMode="decimal"
          autoComplete="off"
        />
        <Input
          id="expense-date"
          label="Date paid"
          registration={register('spentOn')}
          error={errors.spentOn}
          type="date"
        />
      </div>
      <Input
        id="expense-description"
        label="Description (optional)"
        registration={register('description')}
        error={errors.description}
        maxLength={600}
      />
      <ReceiptPicker value={receipt} onChange={setReceipt} />
    </EntryFormShell>
  );
}
