import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { isWinAnsi, toWinAnsi } from '@app/shared/win-ansi';
import { wrapText } from './leak-case-notice.pdf.js';

const helvetica = async () => (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);

describe('the notice PDF and its font', () => {
  it('agrees with pdf-lib on what Helvetica can show: every character isWinAnsi accepts encodes', async () => {
    const font = await helvetica();
    const accepted = Array.from({ length: 0x2200 }, (_, code) => String.fromCodePoint(code)).filter(
      isWinAnsi,
    );
    expect(accepted.length).toBeGreaterThan(200);
    for (const char of accepted)
      expect(() => font.encodeText(char), `U+${char.codePointAt(0)!.toString(16)}`).not.toThrow();
  });

  it('writes any text as something Helvetica can encode', async () => {
    const font = await helvetica();
    const samples = [
      '李小龍',
      'Łódź',
      'Москва',
      'Ελληνικά',
      '👩‍💻🌸',
      'tab\there',
      'zero\u200bwidth',
      'ǅemal',
      '→ ≤ ≥ №',
    ];
    for (const sample of samples) {
      const { text } = toWinAnsi(sample);
      expect(() => font.encodeText(text), sample).not.toThrow();
    }
    expect(toWinAnsi('Łódź Москва').text).toBe('Lódz Moskva');
  });

  it('wraps at spaces, and inside a word only when the word alone is too wide', async () => {
    const font = await helvetica();
    const width = font.widthOfTextAtSize('a'.repeat(20), 11);
    expect(wrapText('short words fit on one line', font, 11, 1000)).toEqual(['short words fit on one line']);
    const wrapped = wrapText('alpha beta gamma delta epsilon zeta', font, 11, width);
    expect(wrapped.join(' ')).toBe('alpha beta gamma delta epsilon zeta');
    for (const line of wrapped) expect(font.widthOfTextAtSize(line, 11)).toBeLessThanOrEqual(width);
    const url = `https://leaks.example/${'x'.repeat(300)}`;
    const pieces = wrapText(url, font, 11, width);
    expect(pieces.join('')).toBe(url);
    for (const piece of pieces) expect(font.widthOfTextAtSize(piece, 11)).toBeLessThanOrEqual(width);
  });
});
