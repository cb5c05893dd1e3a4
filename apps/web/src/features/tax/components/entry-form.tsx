import type { FormEvent, ReactNode } from 'react';
import type { TaxEntryKind, TaxEntryTypes } from '@app/shared/tax';
import { useSaveTaxEntry } from '../api/tax-entries';
import { taxEntryViews } from '../entry-kinds';
import { FormActions, useFormValues } from './field';

/**
 * The state both entry forms share: their text values, errors, and a submit that checks the
 * payload with the server's own schema before saving (POST when new, PATCH when editing).
 */
export function useEntryForm<K extends TaxEntryKind, Values extends Record<string, string>>(
  kind: K,
  entryId: string | undefined,
  initial: Values,
) {
  const form = useFormValues(initial);
  const save = useSaveTaxEntry(kind);
  const submit = (payload: TaxEntryTypes[K]['createInput'], onDone: () => void) => {
    if (!form.accepts(taxEntryViews[kind].createSchema, payload)) return;
    save.mutate({ id: entryId, values: payload }, { onSuccess: onDone });
  };
  return { ...form, pending: save.isPending, submit };
}

/** The form element and its buttons around one kind's fields. */
export function EntryFormShell(props: {
  kind: TaxEntryKind;
  editing: boolean;
  pending: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const view = taxEntryViews[props.kind];
  const title = props.editing ? view.editTitle : view.addTitle;
  function submit(event: FormEvent) {
    event.preventDefault();
    props.onSubmit();
  }
  return (
    <form noValidate onSubmit={submit} aria-label={title} className="mt-4 space-y-4">
      {props.children}
      <FormActions
        pending={props.pending}
        submitLabel={props.editing ? 'Save changes' : view.addTitle}
        onCancel={props.onCancel}
      />
    </form>
  );
}
