import { z } from 'zod';
import { emailMaxLength, emailPattern } from './auth';

/**
 * Settings → Takedown contact details: who signs a takedown notice and how the host reaches her
 * (17 U.S.C. § 512(c)(3)(A)(i) and (iv)). All optional until she makes a notice; the notice says
 * which ones it still needs. GET and PUT /api/user/takedown-contact.
 */

export const takedownContactLimits = {
  legalName: 120,
  postalAddress: 400,
  email: emailMaxLength,
  phone: 40,
} as const;

const limits = takedownContactLimits;

/** The fields a notice cannot go without; the phone number is optional in the statute's "such as". */
export const requiredTakedownContactFields = ['legalName', 'postalAddress', 'email'] as const;
export type RequiredTakedownContactField = (typeof requiredTakedownContactFields)[number];

export const takedownContactTexts = {
  title: 'Takedown contact details',
  description:
    'Used only in the takedown notices you make from your leak cases: the host needs to know who you are and how to reach you.',
  legalName: 'Full legal name',
  legalNameHint: 'Your typed signature on each notice.',
  postalAddress: 'Postal address',
  postalAddressHint: 'Street, city, postal code and country.',
  email: 'E-mail',
  phone: 'Phone (optional)',
  /** Why a business address or an agent may be the better choice: notices travel. */
  privacyNote:
    'Hosts often forward a takedown notice to the person who posted the copy, and some publish notices (for example in the Lumen database), so these details may be seen by others. A business address or an agent’s details can stand in for your home address.',
  save: 'Save contact details',
  saving: 'Saving...',
  saved: 'Contact details saved',
  savedText: 'Your takedown notices now use these details.',
  saveFailed: 'Contact details not saved',
  loadFailed: 'Your takedown contact details could not be loaded',
  fieldNames: {
    legalName: 'full legal name',
    postalAddress: 'postal address',
    email: 'e-mail address',
  } satisfies Record<RequiredTakedownContactField, string>,
  messages: {
    text: 'Contact details must be text',
    legalNameTooLong: `Full legal name must be ${limits.legalName} characters or fewer`,
    postalAddressTooLong: `Postal address must be ${limits.postalAddress} characters or fewer`,
    emailInvalid: 'Enter a valid e-mail address, for example name@example.com',
    phoneInvalid: 'Enter a phone number with digits, spaces and + ( ) - only, for example +1 555 123 4567',
  },
} as const;

const messages = takedownContactTexts.messages;

// Invisible control characters are dropped; a postal address keeps its line breaks.
const controls = /[^\P{Cc}\n]/gu;
const oneLine = (text: string) => text.replace(controls, ' ').replace(/\s+/g, ' ').trim();
const lines = (text: string) =>
  text.replace(/\r\n?/g, '\n').replace(controls, '').split('\n').map(oneLine).filter(Boolean).join('\n');

/** A text that may be left out, null or blank: each of those is "not given" (null). */
const optional = (clean: (text: string) => string, max: number, tooLong: string) =>
  z
    .string({ message: messages.text })
    .nullish()
    .transform((text) => (text ? clean(text) : '') || null)
    .pipe(z.string().max(max, { message: tooLong, abort: true }).nullable());

const phonePattern = /^\+?[\d\s().-]{3,}$/;

export const takedownContactSchema = z.object({
  legalName: z.string().nullable(),
  postalAddress: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type TakedownContact = z.infer<typeof takedownContactSchema>;

export const emptyTakedownContact: TakedownContact = {
  legalName: null,
  postalAddress: null,
  email: null,
  phone: null,
};

/** PUT body: the whole set; a field left out or blank is cleared. */
export const updateTakedownContactSchema = z.strictObject({
  legalName: optional(oneLine, limits.legalName, messages.legalNameTooLong),
  postalAddress: optional(lines, limits.postalAddress, messages.postalAddressTooLong),
  email: optional(oneLine, limits.email, messages.emailInvalid).refine(
    (email) => email === null || emailPattern.test(email),
    messages.emailInvalid,
  ),
  phone: optional(oneLine, limits.phone, messages.phoneInvalid).refine(
    (phone) => phone === null || phonePattern.test(phone),
    messages.phoneInvalid,
  ),
});
export type UpdateTakedownContact = z.input<typeof updateTakedownContactSchema>;

export const takedownContactResponseSchema = z.object({ contact: takedownContactSchema });

/** The required details she has not given yet, in the order a notice lists them. */
export function missingTakedownContact(contact: TakedownContact): RequiredTakedownContactField[] {
  return requiredTakedownContactFields.filter((field) => !contact[field]);
}
