import { CircleAlert, LoaderCircle, Scale } from 'lucide-react';
import {
  takedownContactLimits,
  takedownContactTexts as texts,
  updateTakedownContactSchema,
  type TakedownContact,
} from '@app/shared/takedown-contact';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Form } from '../../../components/ui/form/form';
import { Input } from '../../../components/ui/form/input';
import { Textarea } from '../../../components/ui/form/textarea';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { userFacingMessage } from '../../../lib/request';
import { useTakedownContact } from '../api/get-takedown-contact';
import { useUpdateTakedownContact } from '../api/update-takedown-contact';

const hint = (text: string) => <span className="text-xs text-zinc-500 dark:text-zinc-400">{text}</span>;
const asText = (contact: TakedownContact) => ({
  legalName: contact.legalName ?? '',
  postalAddress: contact.postalAddress ?? '',
  email: contact.email ?? '',
  phone: contact.phone ?? '',
});

function TakedownContactForm({ saved }: { saved: TakedownContact }) {
  // Checked with the API's own schema: the form says what the server would.
  const form = useZodForm(updateTakedownContactSchema, { defaultValues: asText(saved) });
  const update = useUpdateTakedownContact();
  const { errors, isDirty } = form.formState;
  const pending = update.isPending;

  return (
    <Form
      form={form}
      aria-label={texts.title}
      onSubmit={(values) => update.mutate(values, { onSuccess: (kept) => form.reset(asText(kept)) })}
      invalidToast={(_field, message) => ({ title: texts.saveFailed, description: message || undefined })}
      className="grid gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          id="takedown-legal-name"
          label={texts.legalName}
          autoComplete="name"
          maxLength={takedownContactLimits.legalName}
          disabled={pending}
          registration={form.register('legalName')}
          error={errors.legalName}
          hint={hint(texts.legalNameHint)}
        />
        <Input
          id="takedown-email"
          label={texts.email}
          type="email"
          autoComplete="email"
          disabled={pending}
          registration={form.register('email')}
          error={errors.email}
        />
        <Input
          id="takedown-phone"
          label={texts.phone}
          type="tel"
          autoComplete="tel"
          maxLength={takedownContactLimits.phone}
          disabled={pending}
          registration={form.register('phone')}
          error={errors.phone}
        />
      </div>
      <Textarea
        id="takedown-postal-address"
        label={texts.postalAddress}
        rows={3}
        autoComplete="street-address"
        maxLength={takedownContactLimits.postalAddress}
        disabled={pending}
        registration={form.register('postalAddress')}
        error={errors.postalAddress}
        hint={hint(texts.postalAddressHint)}
      />
      <div>
        <Button type="submit" disabled={!isDirty || pending} aria-busy={pending || undefined}>
          {pending ? (
            <>
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> {texts.saving}
            </>
          ) : (
            texts.save
          )}
        </Button>
      </div>
    </Form>
  );
}

/** Settings → Takedown contact details: who signs her takedown notices, and a word on who may see them. */
export function TakedownContactCard() {
  const contact = useTakedownContact();
  return (
    <Card id="takedown-contact" className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Scale aria-hidden="true" className="size-5 text-rose-600 dark:text-rose-400" /> {texts.title}
        </CardTitle>
        <CardDescription>{texts.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p
          role="note"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-500/10 dark:text-amber-100"
        >
          {texts.privacyNote}
        </p>
        {contact.isPending ? (
          <div role="status">
            <span className="sr-only">Loading your takedown contact details...</span>
            <div aria-hidden="true" className="h-40 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800" />
          </div>
        ) : contact.error ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
            <CircleAlert aria-hidden="true" className="size-8 text-red-500" />
            <p className="font-semibold text-zinc-900 dark:text-white">{texts.loadFailed}</p>
            <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">
              {userFacingMessage(contact.error)}
            </p>
            <Button variant="outline" onClick={() => void contact.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <TakedownContactForm saved={contact.data} />
        )}
      </CardContent>
    </Card>
  );
}
