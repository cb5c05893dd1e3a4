import { useState, type FormEvent } from 'react';
import {
  createTaxExpenseSchema,
  taxCategoryLabels,
  taxExpenseCategories,
  type TaxExpense,
  type TaxExpenseCategory,
} from '@app/shared/tax';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { useSaveTaxExpense } from '../api/tax-expenses';
import { amountText, localToday } from '../lib/money';
import { Field, FormActions, TextField, inputClasses, useFormValues } from './field';
import { ReceiptPicker, type PickedReceipt } from './receipt-picker';

/** Add (entry undefined) or edit one expense, with an optional receipt photo from the gallery. */
export function ExpenseDialog({
  open,
  entry,
  onClose,
}: {
  open: boolean;
  entry?: TaxExpense;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogTitle>{entry ? 'Edit expense' : 'Add expense'}</DialogTitle>
        <DialogDescription>
          A business cost you may be able to deduct. Keep the receipt with it.
        </DialogDescription>
        {open && <ExpenseForm key={entry?.id ?? 'new'} entry={entry} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function ExpenseForm({ entry, onDone }: { entry?: TaxExpense; onDone: () => void }) {
  const { values, errors, set, accepts } = useFormValues<{
    category: TaxExpenseCategory;
    amount: string;
    spentOn: string;
    description: string;
  }>({
    category: entry?.category ?? 'equipment',
    amount: entry ? amountText(entry.amountCents) : '',
    spentOn: entry?.spentOn ?? localToday(),
    description: entry?.description ?? '',
  });
  const [receipt, setReceipt] = useState<PickedReceipt | null>(entry?.receipt ?? null);
  const save = useSaveTaxExpense();

  function submit(event: FormEvent) {
    event.preventDefault();
    const payload = { ...values, receiptMediaId: receipt?.id ?? null };
    if (!accepts(createTaxExpenseSchema, payload)) return;
    save.mutate({ id: entry?.id, values: payload }, { onSuccess: onDone });
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={entry ? 'Edit expense' : 'Add expense'}
      className="mt-4 space-y-4"
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
      <FormActions
        pending={save.isPending}
        submitLabel={entry ? 'Save changes' : 'Add expense'}
        onCancel={onDone}
      />
    </form>
  );
}
