/** The word forms of a noun; 'other' is required, the rest fall back to it. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

// Our texts are English, so English rules pick the form; one instance serves every call.
const englishRules = new Intl.PluralRules('en');

/**
 * The one pluralisation helper (web and server): plural(1, { one: 'image', other: 'images' }) is
 * "image". Shared so the spec's texts built here ("Your Image Gallery (1 image)") use it too.
 */
export function plural(count: number, forms: PluralForms): string {
  return forms[englishRules.select(count)] ?? forms.other;
}

/** "1 image", "3 images": the count with its noun, digits as written (the web adds grouping). */
export function countOf(count: number, forms: PluralForms): string {
  return `${count} ${plural(count, forms)}`;
}
