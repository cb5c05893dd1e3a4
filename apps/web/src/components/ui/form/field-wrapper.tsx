import type { ReactNode } from 'react';

/** A field's problem: react-hook-form's FieldError, or useCheckedForm's. */
export interface FieldProblem {
  message?: string;
}

export interface FieldWrapperProps {
  id: string;
  label: string;
  /** A server refusal may mark a field without a message of its own (the banner says it). */
  error?: FieldProblem;
  /** Shown under the control (and read out with it). */
  hint?: ReactNode;
  /** Extra content on the label's line, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
}

/** The aria a control needs so its error and hint are read out with it. */
export function fieldAria({ id, error, hint }: Pick<FieldWrapperProps, 'id' | 'error' | 'hint'>) {
  const describedBy = [error?.message && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/** A label above its control, the control's error (announced) and hint below. */
export function FieldWrapper({
  id,
  label,
  error,
  hint,
  labelAside,
  children,
}: FieldWrapperProps & { children: ReactNode }) {
  return (
    <div className="space-y-1.5 text-left">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label}
        </label>
        {labelAside}
      </div>
      {children}
      {error?.message && (
        <p id={`${id}-error`} role="alert" className="text-sm text-rose-600 dark:text-rose-400">
          {error.message}
        </p>
      )}
      {hint && <div id={`${id}-hint`}>{hint}</div>}
    </div>
  );
}
