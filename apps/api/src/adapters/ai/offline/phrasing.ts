/** Small pieces of English grammar the frames need: articles, lists, capitals and person. */

const consonantSoundVowels = /^(?:one|once|uni|use|usu|uti|eu|ewe|u[bcfgklmnrst][aeiou])/i;
const vowelSoundConsonants = /^(?:hour|honest|honou?r|heir|8|11|18|80)/i;

/** "a" or "an" as the next word sounds: an hour, a unicorn, an 18-year-old, a 5. */
export function articleFor(word: string): 'a' | 'an' {
  if (vowelSoundConsonants.test(word)) return 'an';
  if (/^[aeiou]/i.test(word) && !consonantSoundVowels.test(word)) return 'an';
  // Letters said one by one: "an FAQ", "an SUV".
  if (/^[FHLMNRSX][A-Z]/.test(word)) return 'an';
  return 'a';
}

export function withArticle(phrase: string): string {
  return `${articleFor(phrase)} ${phrase}`;
}

export function capitalise(text: string): string {
  // A link or a handle is written as it is: "onlyfans.com/luna", "@lunafox".
  const first = text.split(' ')[0] ?? '';
  if (first.startsWith('@') || (first.includes('/') && first.includes('.'))) return text;
  const index = text.search(/[\p{L}\p{N}]/u);
  if (index < 0) return text;
  return text.slice(0, index) + text.charAt(index).toUpperCase() + text.slice(index + 1);
}

/** Lower-cases the first letter unless the first word is a name, "I" or an abbreviation. */
export function lowerStart(text: string, keepsCase: boolean): string {
  if (keepsCase || /^(?:I\b|I'|[A-Z]{2,}|[A-Z][a-z]*[A-Z])/.test(text)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** "a, b and c"; commas only when an item already has its own "and". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  if (items.some((item) => /\s(?:and|&)\s/.test(item))) return items.join(', ');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** True when the last word is a link or a handle ("…at onlyfans.com/luna", "DM me @ivyrose"). */
export function endsWithLink(text: string): boolean {
  const last = text.slice(text.lastIndexOf(' ') + 1);
  return last.startsWith('@') || (last.includes('/') && last.includes('.'));
}

/** Sentences joined by spaces, except after a link: the next one starts a line, so the link copies clean. */
export function joinSentences(sentences: readonly string[]): string {
  return sentences.reduce(
    (text, sentence, index) =>
      index === 0 ? sentence : `${text}${endsWithLink(text) ? '\n' : ' '}${sentence}`,
    '',
  );
}

/** Ends a sentence with a full stop unless it already ends with punctuation. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  // A link at the end gets no full stop: it would be copied with the link.
  if (/[.!?…]["')\]]*$/.test(trimmed) || endsWithLink(trimmed)) return capitalise(trimmed);
  return `${capitalise(trimmed)}.`;
}

const pluralSwaps: [RegExp, string][] = [
  [/\bI am\b/g, 'we are'],
  [/\bI'm\b/g, "we're"],
  [/\bI was\b/g, 'we were'],
  [/\bI've\b/g, "we've"],
  [/\bI'll\b/g, "we'll"],
  [/\bI'd\b/g, "we'd"],
  [/\bI\b/g, 'we'],
  [/\bmyself\b/gi, 'ourselves'],
  [/\bmy\b/g, 'our'],
  [/\bMy\b/g, 'Our'],
  [/\bme\b/g, 'us'],
  [/\bMe\b/g, 'Us'],
  [/\bmine\b/g, 'ours'],
];

/**
 * A first-person line for a couple: "I'm" → "we're", "my" → "our", "me" → "us". Lines are written so
 * that this is all agreement needs (no "I was… I have" pairs that would need more).
 */
export function forSubject(line: string, subject: 'I' | 'we'): string {
  if (subject === 'I') return line;
  let text = line;
  for (const [pattern, replacement] of pluralSwaps) text = text.replace(pattern, replacement);
  return text.replace(
    /(^|[.!?]\s+)([a-z])/g,
    (_match, before: string, letter: string) => before + letter.toUpperCase(),
  );
}
