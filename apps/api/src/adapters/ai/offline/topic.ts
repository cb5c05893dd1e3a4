const stopwords = new Set(
  `a an the and or but so to of in on at for with about from into over under my me i im i'm we our you your
  this that these those it its is are was were be been am do does did just very really some any new post caption
  captions tweet tweets title titles write create make generate give please want need like get got some today
  tonight photo photos pic pics picture pictures video videos set shoot reddit twitter instagram tiktok insta ig
  back feel feels feeling felt amazing good great nice got went had have has finally first last time times going
  look looks looking little bit lot lots one two something thing things day days night week way much more most`.split(/\s+/),
);

const requestPrefix =
  /^(?:please\s+)?(?:(?:can|could|would)\s+you\s+)?(?:write|create|make|generate|give\s+me|help\s+me\s+with|i\s+(?:want|need)(?:\s+to\s+post)?)(?:\s+me)?\s+(?:an?\s+|some\s+)?(?:\w+\s+)?(?:captions?|posts?|tweets?|titles?|copy|text)?\s*(?:for|about|on|of)?\s*/i;
const statementStart = /^(?:i|i'm|im|i've|we|we're|just|feeling|finally|so|today|tonight|got|went|had)\b/i;

export interface PromptTopic {
  /** A noun phrase the copy can talk about ("my red dress at the beach"); null when none. */
  topic: string | null;
  /** The creator's own sentence, used as a line of its own, when the prompt reads as one. */
  statement: string | null;
  /** Words worth a hashtag. */
  keywords: string[];
  /** Two keywords side by side in the prompt ("red dress"), for a combined hashtag. */
  pair: string[] | null;
}

/**
 * Turns a prompt into what the writer needs: the subject to write about, or the creator's own
 * sentence when the prompt is a statement ("just got back from the gym"), and hashtag words.
 */
export function readPrompt(prompt: string): PromptTopic {
  const cleaned = prompt
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[#@]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const keywords = [
    ...new Set(
      (cleaned.toLowerCase().match(/[\p{L}][\p{L}\p{N}']*/gu) ?? [])
        .map((word) => word.replace(/'s$/, '').replace(/'/g, ''))
        .filter((word) => word.length >= 3 && word.length <= 30 && !stopwords.has(word)),
    ),
  ].slice(0, 4);
  const pair = adjacentPair(cleaned, keywords);
  const firstClause = (cleaned.replace(requestPrefix, '').split(/[.!?;\n]/)[0] ?? '').trim();
  if (!firstClause) return { topic: null, statement: null, keywords, pair };
  if (statementStart.test(firstClause)) {
    const sentence = limitWords(firstClause.charAt(0).toUpperCase() + firstClause.slice(1), 16);
    return { topic: null, statement: sentence ? `${sentence}.` : null, keywords, pair };
  }
  const words = firstClause.split(' ');
  // Lower-case the first word unless it looks like a name (a capital inside or all capitals).
  const first = words[0]!;
  const isName = /^[A-Z][a-z]*[A-Z]|^[A-Z]{2,}$/.test(first);
  if (!isName) words[0] = first.toLowerCase();
  // "new lingerie set" reads as "my new lingerie set" in the creator's voice; "dancing…" stays.
  if (!isName && !determiners.has(words[0]!) && !/ing$/.test(words[0]!)) words.unshift('my');
  const topic = limitWords(words.join(' '), 8);
  return { topic: topic && topic !== 'my' ? topic : null, statement: null, keywords, pair };
}

const determiners = new Set(['my', 'the', 'a', 'an', 'this', 'these', 'those', 'that', 'our', 'your', 'his', 'her', 'their', 'some', 'me', 'us']);

function adjacentPair(text: string, keywords: string[]): string[] | null {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}']+/u);
  for (let index = 0; index + 1 < words.length; index++) {
    if (keywords.includes(words[index]!) && keywords.includes(words[index + 1]!)) return [words[index]!, words[index + 1]!];
  }
  return null;
}

const maxPhraseLength = 80;

/** At most `count` words and 80 characters; empty when even one word is longer (pasted noise). */
function limitWords(text: string, count: number): string {
  const words = text.split(' ').slice(0, count);
  while (words.length && words.join(' ').length > maxPhraseLength) words.pop();
  return words.join(' ');
}

/** "red dress" → "RedDress", for a hashtag. */
export function camelTag(words: string[]): string {
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}
