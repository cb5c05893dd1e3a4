import type { ReactNode } from 'react';
import type { TaxEntryKind } from '@app/shared/tax';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form/form';
import type { FormSchema, ZodForm, ZodFormOptions } from '../../../components/ui/form/use-zod-form';
import { taxEntryViews } from '../entry-kinds';

/**
 * Both entry forms show every failed field at once (a short form; the tracker always did) and no
 * toast, as before they moved to the form kit.
 */
export const entryFormOptions = { firstErrorOnly: false } as const satisfies Partial<
  ZodFormOptions<FormSchema>
>;

/** The form element and its buttons around one kind's fields; checked with the server's own schema. */
export function EntryFormShell<Schema extends FormSchema>(props: {
  kind: TaxEntryKind;
  form: ZodForm<Schema>;
  editing: boolean;
  pending: boolean;
  /** Called once the fields pass the check. */
  onValid: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const view = taxEntryViews[props.kind];
  return (
    <Form
      form={props.form}
      invalidToast={null}
      onSubmit={() => props.onValid()}
      aria-label={props.editing ? view.editTitle : view.addTitle}
      className="mt-4 space-y-4"
    >
      {props.children}
      <FormActions
        pending={props.pending}
        submitLabel={props.editing ? 'Save changes' : view.addTitle}
        onCancel={props.onCancel}
      />
    </Form>
  );
}

/** A hint under a field, in the tracker's small grey type. */
export const FieldHint = ({ children }: { children: ReactNode }) => (
  <span className="text-xs text-zinc-500 dark:text-zinc-400">{children}</span>
);

/** Cancel and the submit button, which says it is saving while the request runs. */
function FormActions(props: { pending: boolean; submitLabel: string; onCancel: () => void }) {
  return (
    <div className="flex justify-end gap-2 pt-2">
      <Button variant="outline" onClick={props.onCancel} disabled={props.pending}>
        Cancel
      </Button>
      <Button type="submit" disabled={props.pending} aria-busy={props.pending || undefined}>
        {props.pending ? 'Saving...' : props.submitLabel}
      </Button>
    </div>
  );
}
