import { z } from 'zod';
import { authTexts } from '@app/shared/messages';

const minLength = 8;

/**
 * The reset form's check, its own module so the page loads it (and zod) when the user starts typing
 * (decision 033). Matching comes first: a typo in one of the two fields is the likelier mistake.
 */
export const resetSchema = z
  .object({ password: z.string(), confirm: z.string() })
  .superRefine((values, ctx) => {
    if (values.password !== values.confirm) {
      ctx.addIssue({ code: 'custom', path: ['confirm'], message: authTexts.passwordsDontMatch });
    } else if (values.password.length < minLength) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: authTexts.passwordTooShortText });
    }
  });
