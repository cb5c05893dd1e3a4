import { useState } from 'react';
import type { z } from 'zod';
import { validationMessages } from '@app/shared/messages';
import { toast } from '../../components/ui/toast';

type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The id a form field gets, so validation can focus it and labels can point at it. */
export function fieldId(formId: string, field: string): string {
  return `${formId}-${field}`;
}

/**
 * Client-side validation with the shared zod schemas (spec 5): on failure the FIRST message shows
 * in a 'Validation Error' toast, next to its field (marked invalid), and the field takes focus.
 */
export function useFormErrors<Field extends string>(formId: string) {
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  function validate<Schema extends z.ZodType>(schema: Schema, values: unknown): z.infer<Schema> | undefined {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const [issue] = result.error.issues;
    const field = String(issue?.path[0] ?? '') as Field;
    const message = issue?.message ?? validationMessages.validationErrorTitle;
    setErrors({ [field]: message } as FieldErrors<Field>);
    toast.error(validationMessages.validationErrorTitle, { description: message });
    document.getElementById(fieldId(formId, field))?.focus();
    return undefined;
  }

  /** Editing a field clears its error, so the red marking never outlives the mistake. */
  function clearError(field: Field): void {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  return { errors, validate, clearError };
}
