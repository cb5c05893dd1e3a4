/**
 * The PDF's standard fonts (Helvetica) only know the WinAnsi characters (Windows-1252). Anything
 * else in a creator's text — a name in Cyrillic or Chinese, an emoji — would make the PDF library
 * throw, so it is written as the closest WinAnsi letters, or '?' when there is none. The copied
 * text keeps every character; only the PDF is affected, and the page says which characters.
 */

// Windows-1252's 0x80–0x9F block: the only code points outside Latin-1 it can show.
const cp1252Extras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'.split('').map((char) => char.codePointAt(0)!));

export function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0)!;
  // 0xA0 (no-break space) and 0xAD (soft hyphen) are Latin-1 but have no glyph in every reader.
  if (code === 0xa0 || code === 0xad) return false;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff) || cp1252Extras.has(code);
}

/** Latin letters and punctuation that have no decomposition to a WinAnsi letter. */
const lookalikes: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŀ: 'l',
  Ŀ: 'L',
  ŋ: 'ng',
  Ŋ: 'NG',
  ſ: 's',
  ə: 'e',
  Ə: 'E',
  '\u00a0': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '-',
  '\u2212': '-',
  '′': "'",
  '″': '"',
  '→': '->',
  '←': '<-',
  '≈': '~',
  '≤': '<=',
  '≥': '>=',
  '№': 'No.',
};

const cyrillic: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ў: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

const greek: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

/** A Cyrillic or Greek letter in Latin letters, keeping a capital's case on its first letter. */
function transliterate(char: string): string | undefined {
  const lower = char.toLowerCase();
  const latin = cyrillic[lower] ?? greek[lower];
  if (latin === undefined) return undefined;
  return char === lower || latin === '' ? latin : latin[0]!.toUpperCase() + latin.slice(1);
}

const combiningMark = /\p{M}/u;
const pictograph = /\p{Extended_Pictographic}/u;
// Zero-width and joining characters, variation selectors and skin tones: invisible on their own.
const invisible = /\p{Cf}|\ufe0f|\p{Emoji_Modifier}/u;

/** One character that WinAnsi lacks, as WinAnsi text ('' for an emoji, '?' when nothing fits). */
function replacementOf(char: string): string {
  const known = lookalikes[char];
  if (known !== undefined) return known;
  if (invisible.test(char) || pictograph.test(char)) return '';
  // "Ş" → "S" + cedilla → "S"; "ǅ" → "Dž" → "Dz".
  const decomposed = [...char.normalize('NFKD')]
    .filter((part) => !combiningMark.test(part))
    .map((part) => (isWinAnsi(part) ? part : (transliterate(part) ?? lookalikes[part])))
    .join('');
  if (decomposed !== '' && [...decomposed].every(isWinAnsi)) return decomposed;
  return transliterate(char) ?? '?';
}

/**
 * The text as WinAnsi only, and the characters that had to be written differently (each once,
 * in order of appearance). Line breaks and tabs are not expected: callers pass single lines.
 */
export function toWinAnsi(text: string): { text: string; replaced: string[] } {
  const replaced: string[] = [];
  let out = '';
  for (const char of text) {
    if (isWinAnsi(char)) {
      out += char;
      continue;
    }
    const replacement = replacementOf(char);
    out += replacement;
    // A space or hyphen variant written as its plain twin is not worth telling anyone about.
    const worthTelling = replacement !== ' ' && replacement !== '-' && !invisible.test(char);
    if (worthTelling && !replaced.includes(char)) replaced.push(char);
  }
  return { text: out, replaced };
}
