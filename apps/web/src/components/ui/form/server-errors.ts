import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-error';

/** The field a 4xx answer names (`{ message, code, field }` from the API's error handler). */
export function serverFieldOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status >= 500) return undefined;
  const body = error.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const field = (body as { field?: unknown }).field;
  return typeof field === 'string' && field !== '' ? field : undefined;
}

/**
 * Puts a server refusal on the form field it names (the API's name may differ from the form's,
 * hence the map) and focuses that field. Without `message` the field is only marked invalid,
 * for forms whose banner already says it. Answers the field, or undefined when none matched.
 */
export function applyServerFieldError<Values extends FieldValues>(
  form: { setError: UseFormSetError<Values> },
  error: unknown,
  fields: Partial<Record<string, Path<Values>>>,
  message?: string,
): Path<Values> | undefined {
  const serverField = serverFieldOf(error);
  const field = serverField === undefined ? undefined : fields[serverField];
  if (field === undefined) return undefined;
  form.setError(field, { type: 'server', message }, { shouldFocus: true });
  return field;
}
