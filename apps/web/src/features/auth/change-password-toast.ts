import { authTexts, validationMessages } from '@app/shared/messages';
import type { InvalidToast } from '../../components/ui/form/invalid-toast';

/** A password change's fields; the rules that check them are in change-password-form.ts. */
export const emptyPasswordChange = { current: '', next: '', confirm: '' };

const toastTitles: Record<string, string> = {
  [authTexts.passwordMismatchText]: authTexts.passwordMismatchTitle,
  [authTexts.newPasswordTooShortText]: authTexts.newPasswordTooShortTitle,
};

/** Each rule has its own toast title; a missing current password is a plain validation error. */
export const passwordChangeToast: InvalidToast = (_field, message) => ({
  title: toastTitles[message] ?? validationMessages.validationErrorTitle,
  description: message,
});
