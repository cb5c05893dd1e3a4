import { z } from 'zod';
import { authTexts } from '@app/shared/messages';

const minLength = 8;

/**
 * docs/product.md#accounts-and-sign-in's rules for a password change, checked in this order, one at a time: the current
 * password is given, the two new ones match, the new one is long enough. The server checks the rest.
 * Apart from its toast (change-password-toast.ts), so /change-password loads zod only when the user starts on the form.
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
