import { validationMessages } from '@app/shared/messages';
import { toast } from '../toast';

/** What the toast says when the check fails; by default 'Validation Error' and the field's message. */
export type InvalidToast = (field: string, message: string) => { title: string; description?: string };

const defaultInvalidToast: InvalidToast = (_field, message) => ({
  title: validationMessages.validationErrorTitle,
  description: message,
});

/** Announces a form's first problem; null: the form shows its errors at the fields only. */
export function toastInvalid(
  field: string,
  message: string,
  invalidToast: InvalidToast | null = defaultInvalidToast,
) {
  if (invalidToast === null) return;
  const { title, description } = invalidToast(field, message);
  toast.error(title, description === undefined ? undefined : { description });
}
