import type { FormEvent } from 'react';
import { createTaxIncomeSchema, taxPlatformSuggestions, type TaxIncome } from '@app/shared/tax';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { useSaveTaxIncome } from '../api/tax-income';
import { amountText, localToday } from '../lib/money';
import { Field, FormActions, TextField, inputClasses, useFormValues } from './field';

/** Add (entry undefined) or edit one income entry; checked with the server's own schema first. */
export function IncomeDialog({
  open,
  entry,
  onClose,
}: {
  open: boolean;
  entry?: TaxIncome;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-md">
        <DialogTitle>{entry ? 'Edit income' : 'Add income'}</DialogTitle>
        <DialogDescription>
          Money you received from a platform, before its fees if you log those as expenses.
        </DialogDescription>
        {/* Keyed so each opening starts from the entry's saved values. */}
        {open && <IncomeForm key={entry?.id ?? 'new'} entry={entry} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function IncomeForm({ entry, onDone }: { entry?: TaxIncome; onDone: () => void }) {
  const { values, errors, set, accepts } = useFormValues({
    platform: entry?.platform ?? '',
    amount: entry ? amountText(entry.amountCents) : '',
    receivedOn: entry?.receivedOn ?? localToday(),
    note: entry?.note ?? '',
  });
  const save = useSaveTaxIncome();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!accepts(createTaxIncomeSchema, values)) return;
    save.mutate({ id: entry?.id, values }, { onSuccess: onDone });
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={entry ? 'Edit income' : 'Add income'}
      className="mt-4 space-y-4"
    >
      <Field id="income-platform" label="Platform" error={errors.platform}>
        {(aria) => (
          <>
            <input
              {...aria}
              list="income-platforms"
              className={inputClasses}
              maxLength={60}
              autoComplete="off"
              value={values.platform}
              onChange={(e) => set('platform')(e.target.value)}
            />
            <datalist id="income-platforms">
              {taxPlatformSuggestions.map((platform) => (
                <option key={platform} value={platform} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <TextField
        id="income-amount"
        label="Amount"
        hint="In dollars and cents, for example 1234.56."
        error={errors.amount}
        inputMode="decimal"
        autoComplete="off"
        value={values.amount}
        onValueChange={set('amount')}
      />
      <TextField
        id="income-date"
        label="Date received"
        error={errors.receivedOn}
        type="date"
        value={values.receivedOn}
        onValueChange={set('receivedOn')}
      />
      <TextField
        id="income-note"
        label="Note (optional)"
        error={errors.note}
        maxLength={600}
        value={values.note}
        onValueChange={set('note')}
      />
      <FormActions
        pending={save.isPending}
        submitLabel={entry ? 'Save changes' : 'Add income'}
        onCancel={onDone}
      />
    </form>
  );
}
