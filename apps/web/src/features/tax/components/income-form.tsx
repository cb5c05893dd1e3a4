import { createTaxIncomeSchema, taxPlatformSuggestions, type TaxIncome } from '@app/shared/tax';
import { Input } from '../../../components/ui/form/input';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { useSaveTaxEntry } from '../api/tax-entries';
import { amountText, localToday } from '../lib/money';
import { EntryFormShell, FieldHint, entryFormOptions } from './entry-form';

/** The fields of one income entry: platform (with suggestions), amount, day and note. */
export function IncomeForm({ entry, onDone }: { entry?: TaxIncome; onDone: () => void }) {
  const form = useZodForm(createTaxIncomeSchema, {
    ...entryFormOptions,
    defaultValues: {
      platform: entry?.platform ?? '',
      amount: entry ? amountText(entry.amountCents) : '',
      receivedOn: entry?.receivedOn ?? localToday(),
      note: entry?.note ?? '',
    },
  });
  const save = useSaveTaxEntry('income');
  const { register, formState } = form;
  const { errors } = formState;

  return (
    <EntryFormShell
      kind="income"
      form={form}
      editing={Boolean(entry)}
      pending={save.isPending}
      // The typed text goes to the server, which parses it with the same schema.
      onValid={() => save.mutate({ id: entry?.id, values: form.getValues() }, { onSuccess: onDone })}
      onCancel={onDone}
    >
      <Input
        id="income-platform"
        label="Platform"
        registration={register('platform')}
        error={errors.platform}
        list="income-platforms"
        maxLength={60}
        autoComplete="off"
      />
      <datalist id="income-platforms">
        {taxPlatformSuggestions.map((platform) => (
          <option key={platform} value={platform} />
        ))}
      </datalist>
      <Input
        id="income-amount"
        label="Amount"
        hint={<FieldHint>In dollars and cents, for example 1234.56.</FieldHint>}
        registration={register('amount')}
        error={errors.amount}
        inputMode="decimal"
        autoComplete="off"
      />
      <Input
        id="income-date"
        label="Date received"
        registration={register('receivedOn')}
        error={errors.receivedOn}
        type="date"
      />
      <Input
        id="income-note"
        label="Note (optional)"
        registration={register('note')}
        error={errors.note}
        maxLength={600}
      />
    </EntryFormShell>
  );
}
