import { taxPlatformSuggestions, type TaxIncome } from '@app/shared/tax';
import { amountText, localToday } from '../lib/money';
import { EntryFormShell, useEntryForm } from './entry-form';
import { Field, TextField, inputClasses } from './field';

/** The fields of one income entry: platform (with suggestions), amount, day and note. */
export function IncomeForm({ entry, onDone }: { entry?: TaxIncome; onDone: () => void }) {
  const { values, errors, set, pending, submit } = useEntryForm('income', entry?.id, {
    platform: entry?.platform ?? '',
    amount: entry ? amountText(entry.amountCents) : '',
    receivedOn: entry?.receivedOn ?? localToday(),
    note: entry?.note ?? '',
  });

  return (
    <EntryFormShell
      kind="income"
      editing={Boolean(entry)}
      pending={pending}
      onSubmit={() => submit(values, onDone)}
      onCancel={onDone}
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
    </EntryFormShell>
  );
}
