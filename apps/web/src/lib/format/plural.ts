import { plural, type PluralForms } from '@app/shared/plural';
import { cached, userLocale } from './place';

const numbers = new Map<string, Intl.NumberFormat>();

/** "1 image", "1,204 images": the count in the reader's digits with the noun from shared plural(). */
export function countOf(count: number, forms: PluralForms, locale = userLocale()): string {
  const digits = cached(numbers, [locale], () => new Intl.NumberFormat(locale)).format(count);
  return `${digits} ${plural(count, forms)}`;
}
