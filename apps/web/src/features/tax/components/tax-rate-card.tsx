import { useState, type FormEvent } from 'react';
import { updateTaxProfileSchema, type TaxProfile } from '@app/shared/tax';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useSaveTaxProfile } from '../api/tax-profile';
import { taxPageTexts } from '../tax-texts';
import { Field, inputClasses } from './field';

/** The user's own estimated rate, with the reminder that the result is an estimate. */
export function TaxRateCard({ profile }: { profile: TaxProfile }) {
  const [rate, setRate] = useState(String(profile.ratePercent));
  const [error, setError] = useState<string>();
  const save = useSaveTaxProfile();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = updateTaxProfileSchema.safeParse({ ratePercent: rate });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    save.mutate({ ratePercent: rate }, { onSuccess: (saved) => setRate(String(saved.ratePercent)) });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base text-zinc-900 dark:text-white">{taxPageTexts.rateTitle}</CardTitle>
        <CardDescription>{taxPageTexts.rateDisclaimer}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={submit}
          aria-label={taxPageTexts.rateTitle}
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <div className="sm:w-64">
            <Field id="tax-rate" label={taxPageTexts.rateLabel} hint={taxPageTexts.rateHint} error={error}>
              {(aria) => (
                <input
                  {...aria}
                  inputMode="decimal"
                  className={inputClasses}
                  value={rate}
                  onChange={(event) => {
                    setRate(event.target.value);
                    setError(undefined);
                  }}
                />
              )}
            </Field>
          </div>
          <Button
            type="submit"
            className="sm:mt-7"
            disabled={save.isPending}
            aria-busy={save.isPending || undefined}
          >
            {save.isPending ? taxPageTexts.saving : taxPageTexts.saveRate}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
