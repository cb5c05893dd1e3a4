import { describe, expect, it } from 'vitest';
import { providerMarks } from './provider-marks';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(first: string, second: string) {
  const [darker, lighter] = [luminance(first), luminance(second)].sort((a, b) => a - b);
  return (lighter! + 0.05) / (darker! + 0.05);
}

describe('sign-in provider marks', () => {
  it('works out contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ff4500', '#ffffff')).toBeCloseTo(3.44, 2);
  });

  it.each(Object.entries(providerMarks))(
    '%s: the 11 px letters reach 4.5:1 on their mark',
    (_provider, mark) => {
      expect(contrast(mark.text, mark.background)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
