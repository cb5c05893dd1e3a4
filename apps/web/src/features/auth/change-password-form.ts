import { z } from 'zod';
import { authTexts, validationMessages } from '@app/shared/messages';
import type { InvalidToast } from '../../components/ui/form/form';

const minLength = 8;
export const emptyPasswordChange = { current: '', next: '', confirm: '' };

/**
 * docs/product.md#accounts-and-sign-in's rules for a password change, checked in this order, one at a time: the current
 * password is given, the two new ones match, the new one is long enough. The server checks the rest.
 */
export function passwordChangeSchema(currentRequiredText: string) {
  return z
    .object({ current: z.string(), next: z.string(), confirm: z.string() })
    .superRefine((values, ctx) => {
      if (values.current === '') {
        ctx.addIssue({ code: 'custom', path: ['current'], message: currentRequiredText });
      } else if (values.next !== values.confirm) {
        ctx.addIssue({ code: 'custom', path: ['confirm'], message: authTexts.passwordMismatchText });
      } else if (values.next.length < minLength) {
        ctx.addIssue({ code: 'custom', path: ['next'], message: authTexts.newPasswordTooShortText });
      }
    });
}

const toastTitles: Record<string, string> = {
  [authTexts.passwordMismatchText]: authTexts.passwordMismatchTitle,
  [authTexts.newPasswordTooShortText]: authTexts.newPasswordTooShortTitle,
};

/** Each rule has its own toast title; a missing current password is a plain validation error. */
export const passwordChangeToast: InvalidToast = (_field, message) => ({
  title: toastTitles[message] ?? validationMessages.validationErrorTitle,
  description: message,
});
