import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { ZodType } from 'zod';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';

export const inputClasses = cn(
  'h-10 w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-sm',
  'focus-visible:border-rose-500 focus-visible:outline-2 focus-visible:outline-rose-500/30',
  'disabled:opacity-60 aria-[invalid=true]:border-rose-500',
  'dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100',
);

/** A label, its control and the control's error, tied together for screen readers. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-rose-600 dark:text-rose-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** A Field holding one text-like input: amounts, dates and notes in the tax forms. */
export function TextField({
  id,
  label,
  error,
  hint,
  value,
  onValueChange,
  ...inputProps
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  value: string;
  onValueChange: (value: string) => void;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'maxLength' | 'autoComplete'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(aria) => (
        <input
          {...aria}
          {...inputProps}
          className={inputClasses}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** The first message per field from a failed zod check, keyed by the field's name. */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A form's text values and their errors by field; editing a field clears its error. */
export function useFormValues<Values extends Record<string, string>>(initial: Values) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };
  /** Checks with the server's own schema; on failure shows its messages and answers false. */
  const accepts = (schema: ZodType, payload: unknown) => {
    const checked = schema.safeParse(payload);
    if (!checked.success) setErrors(fieldErrors(checked.error.issues));
    return checked.success;
  };
  return { values, errors, set, accepts };
}

/** Cancel and the submit button, which says it is saving while the request runs. */
export function FormActions(props: { pending: boolean; submitLabel: string; onCancel: () => void }) {
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
