import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('formats cents in the currency and the reader’s locale', () => {
    expect(formatMoney(1399, 'usd', 'en-US')).toBe('$13.99');
    expect(formatMoney(123_456, 'eur', 'en-US')).toBe('€1,234.56');
    expect(formatMoney(5, 'EUR', 'de-DE')).toBe('0,05\u00a0€');
  });

  it('defaults to US dollars in the browser’s language', () => {
    expect(formatMoney(2499)).toBe(
      new Intl.NumberFormat(navigator.language, { style: 'currency', currency: 'USD' }).format(24.99),
    );
  });
});
