import { updateTaxProfileSchema, type TaxProfile } from '@app/shared/tax';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Form } from '../../../components/ui/form/form';
import { Input } from '../../../components/ui/form/input';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { useSaveTaxProfile } from '../api/tax-profile';
import { taxPageTexts } from '../tax-texts';
import { FieldHint } from './entry-form';

/** The user's own estimated rate, with the reminder that the result is an estimate. */
export function TaxRateCard({ profile }: { profile: TaxProfile }) {
  const form = useZodForm(updateTaxProfileSchema, {
    defaultValues: { ratePercent: String(profile.ratePercent) },
  });
  const save = useSaveTaxProfile();

  function submit() {
    // The typed percentage goes to the server, which turns it into basis points itself.
    const ratePercent = form.getValues('ratePercent');
    save.mutate(
      { ratePercent },
      { onSuccess: (saved) => form.setValue('ratePercent', String(saved.ratePercent)) },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base text-zinc-900 dark:text-white">{taxPageTexts.rateTitle}</CardTitle>
        <CardDescription>{taxPageTexts.rateDisclaimer}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          invalidToast={null}
          onSubmit={submit}
          aria-label={taxPageTexts.rateTitle}
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <div className="sm:w-64">
            <Input
              id="tax-rate"
              label={taxPageTexts.rateLabel}
              hint={<FieldHint>{taxPageTexts.rateHint}</FieldHint>}
              registration={form.register('ratePercent')}
              error={form.formState.errors.ratePercent}
              inputMode="decimal"
            />
          </div>
          <Button
            type="submit"
            className="sm:mt-7"
            disabled={save.isPending}
            aria-busy={save.isPending || undefined}
          >
            {save.isPending ? taxPageTexts.saving : taxPageTexts.saveRate}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
