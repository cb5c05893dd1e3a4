import { useMemo, type ReactNode } from 'react';
import { LoaderCircle } from 'lucide-react';
import { z } from 'zod';
import {
  createLeakCaseSchema,
  leakCaseLimits,
  leakCasePageTexts as texts,
  type CreateLeakCaseInput,
  type LeakCase,
} from '@app/shared/leak-cases';
import type { TraceResult } from '@app/shared/leak-trace';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form/form';
import { Input } from '../../../components/ui/form/input';
import { serverFieldOf } from '../../../components/ui/form/server-errors';
import { Textarea } from '../../../components/ui/form/textarea';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { withoutFieldName } from '../api/leak-case-keys';

const formValuesSchema = z.object({
  urls: z.string(),
  workDescription: z.string(),
  hostName: z.string(),
  hostAbuseContact: z.string(),
  title: z.string(),
  notes: z.string(),
});
type FormValues = z.infer<typeof formValuesSchema>;
type FormField = keyof FormValues;

/** What the case keeps from a trace: not typed by her, so not form fields. */
export interface CaseFromTrace {
  evidence: TraceResult | null;
  mediaAssetId: string | null;
}

const noTrace: CaseFromTrace = { evidence: null, mediaAssetId: null };

/** A saved case as the form's text fields. */
export function caseFormValues(item: LeakCase): FormValues {
  return {
    urls: item.infringingUrls.join('\n'),
    workDescription: item.workDescription,
    hostName: item.hostName,
    hostAbuseContact: item.hostAbuseContact ?? '',
    title: item.title,
    notes: item.notes ?? '',
  };
}

function toBody(values: FormValues, fromTrace: CaseFromTrace): CreateLeakCaseInput {
  return {
    infringingUrls: values.urls.split('\n'),
    workDescription: values.workDescription,
    hostName: values.hostName,
    hostAbuseContact: values.hostAbuseContact,
    title: values.title,
    notes: values.notes,
    evidence: fromTrace.evidence,
    mediaAssetId: fromTrace.mediaAssetId,
  };
}

/** The form field an API path belongs to ("infringingUrls.2" → the addresses box). */
export function caseFormFieldOf(path: readonly PropertyKey[]): FormField | undefined {
  const [field] = path;
  if (field === 'infringingUrls') return 'urls';
  return typeof field === 'string' && field in formValuesSchema.shape ? (field as FormField) : undefined;
}

/** Checked with the API's own schema, so the form says exactly what the server would. */
function caseFormSchema(fromTrace: CaseFromTrace) {
  return formValuesSchema.transform((values, context) => {
    const parsed = createLeakCaseSchema.safeParse(toBody(values, fromTrace));
    if (parsed.success) return toBody(values, fromTrace);
    for (const issue of parsed.error.issues)
      context.addIssue({
        code: 'custom',
        message: issue.message,
        path: [caseFormFieldOf(issue.path) ?? 'urls'],
      });
    return z.NEVER;
  });
}

const hint = (text: string) => <span className="text-xs text-zinc-500 dark:text-zinc-400">{text}</span>;

/** Saves the body (a create or a change) and answers the case as saved; rejects as the API refused. */
export type SaveCase = (body: CreateLeakCaseInput) => Promise<LeakCase>;

/**
 * A case's fields, for a new case (`defaults` from the trace when there was one) and for changing
 * one. `cancel` is what leaves the form: a link back, or a button that closes it.
 */
export function CaseForm(props: {
  defaults: Partial<FormValues>;
  fromTrace?: CaseFromTrace;
  label: string;
  submitLabel: string;
  pending: boolean;
  save: SaveCase;
  onSaved: (saved: LeakCase) => void;
  cancel: ReactNode;
}) {
  const fromTrace = props.fromTrace ?? noTrace;
  const schema = useMemo(() => caseFormSchema(fromTrace), [fromTrace]);
  const form = useZodForm(schema, {
    defaultValues: {
      urls: '',
      workDescription: '',
      hostName: '',
      hostAbuseContact: '',
      title: '',
      notes: '',
      ...props.defaults,
    },
  });
  const { errors } = form.formState;
  const pending = props.pending;

  async function save(body: CreateLeakCaseInput) {
    let saved: LeakCase;
    try {
      // A change sends no trace: what the case keeps from it stays as it is.
      saved = await props.save(
        props.fromTrace ? body : { ...body, evidence: undefined, mediaAssetId: undefined },
      );
    } catch (error) {
      // The toast says why; the field the server names shows it too, and takes focus.
      const serverField = serverFieldOf(error);
      const field = serverField ? caseFormFieldOf(serverField.split('.')) : undefined;
      if (field && error instanceof Error)
        form.setError(
          field,
          { type: 'server', message: withoutFieldName(error.message) },
          { shouldFocus: true },
        );
      return;
    }
    props.onSaved(saved);
  }

  return (
    <Form
      form={form}
      aria-label={props.label}
      onSubmit={save}
      invalidToast={(_field, message) => ({ title: texts.notSaved, description: message || undefined })}
      className="grid gap-5"
    >
      <Textarea
        id="leak-case-urls"
        label={texts.urlsLabel}
        rows={3}
        placeholder="https://"
        autoCapitalize="none"
        spellCheck={false}
        disabled={pending}
        registration={form.register('urls')}
        error={errors.urls}
        hint={hint(texts.urlsHint)}
      />
      <Textarea
        id="leak-case-work"
        label={texts.workLabel}
        rows={3}
        maxLength={leakCaseLimits.workDescription}
        disabled={pending}
        registration={form.register('workDescription')}
        error={errors.workDescription}
        hint={hint(texts.workHint)}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Input
          id="leak-case-host"
          label={texts.hostLabel}
          maxLength={leakCaseLimits.hostName}
          autoComplete="off"
          disabled={pending}
          registration={form.register('hostName')}
          error={errors.hostName}
          hint={hint(texts.hostHint)}
        />
        <Input
          id="leak-case-abuse"
          label={texts.abuseLabel}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          disabled={pending}
          registration={form.register('hostAbuseContact')}
          error={errors.hostAbuseContact}
          hint={hint(texts.abuseHint)}
        />
        <Input
          id="leak-case-title"
          label={texts.titleLabel}
          maxLength={leakCaseLimits.title}
          autoComplete="off"
          disabled={pending}
          registration={form.register('title')}
          error={errors.title}
        />
      </div>
      <Textarea
        id="leak-case-notes"
        label={texts.notesLabel}
        rows={2}
        maxLength={leakCaseLimits.notes}
        disabled={pending}
        registration={form.register('notes')}
        error={errors.notes}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {props.cancel}
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending ? (
            <>
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> {texts.saving}
            </>
          ) : (
            props.submitLabel
          )}
        </Button>
      </div>
    </Form>
  );
}
