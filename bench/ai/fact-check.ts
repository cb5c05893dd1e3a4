// The bench's own reading of a prompt, deliberately independent of the writer's extractor (which
// uses compromise and lexicons): plain regular expressions and fixed lists, stricter where in doubt.
// Grading the writer with its own parser would hide exactly the facts it fails to see.

import { trimEndChars } from '@app/shared/trim-chars';

export interface Fact {
  kind: 'number' | 'money' | 'percent' | 'name' | 'offer' | 'link';
  text: string;
}

const linkPattern = /@[\w.]*\w|\b(?:https?:\/\/)?(?:[\w-]+\.)+(?:com|me|ee|tv|co|link|net|org)\/[^\s,]+/gi;
const moneyPattern =
  /[$€£]\s?\d+(?:[.,]\d+)*|\b\d+(?:[.,]\d+)*\s?(?:[$€£]|usd\b|eur\b|dollars?\b|euros?\b)/gi;
const percentPattern = /\b\d+(?:\.\d+)?\s?%/g;
const numberPattern = /\b\d+(?:[.,]\d+)*\b/g;

/** Offer and deadline phrases a promotion lives by; each found in the prompt must survive. */
const offerPhrases = [
  'custom video requests',
  'custom requests',
  'custom photo sets',
  'custom pics',
  'customs',
  'free trial',
  'free',
  'dm me',
  'dms open',
  'dm for',
  'link in bio',
  'for sale',
  'sale',
  'discount',
  'bundle',
  'giveaway',
  'ppv',
  'vip',
  'subscribe',
  'tip menu',
  'sexting',
  'ratings',
  'half price',
  'price drop',
  'today only',
  'this week',
  'this weekend',
  'this month',
  'tonight',
  'daily',
];

/** Words that may start a prompt in capitals without being a name. */
const commonStarts = new Set(
  `new my first custom free black red white pink green blue purple half price top check back now welcome
  tip bundle giveaway subscribe honest used selling spring summer winter fall vip ppv dm link going
  streaming live marathon pilates earth the a an our me we i just feeling no hot soft selfie gym post
  fresh met down couple couples girlfriend boyfriend wife husband hubby baby emerald champagne leopard
  burgundy matching bridal vintage latex sheer mesh lace silk satin fishnets thigh arches toe toes feet
  size soles pink barefoot high foot pedicure squat rest thick flexing stretching home morning abs yoga
  snow braids wearing wine sleepy tattoos curvy do all sun-kissed lazy petite redhead goth post-shower
  freckles tan birthday messy nothing hair can't bored got pajama graduation camping trying mirror pool
  teaser glasses getting beach sundress cozy coffee anniversary hot price sexting cyber`.split(/\s+/),
);
const nameGlue = new Set(['of', 'the', 'x', 'de', 'and']);

function segments(prompt: string): string[] {
  return prompt
    .replace(linkPattern, ' ')
    .split(/[.:;!?,\n]|\s[-–—]\s/)
    .map((part) => part.trim())
    .filter(Boolean);
}

const isCapitalised = (word: string) => /^[A-Z]/.test(word) || /^[a-z]+[A-Z]/.test(word);

/** Runs of capitalised words ("Tifa Lockhart", "Final Fantasy 7", "Tears of the Kingdom"). */
function namesIn(prompt: string): string[] {
  const names: string[] = [];
  for (const segment of segments(prompt)) {
    const words = segment.split(/\s+/);
    let run: string[] = [];
    const flush = (index: number) => {
      while (run.length && nameGlue.has(run.at(-1)!.toLowerCase())) run.pop();
      const startsSegment = index - run.length === 0;
      if (run.length && startsSegment && commonStarts.has(run[0]!.toLowerCase())) run.shift();
      if (run.length && !(run.length === 1 && run[0] === 'I')) names.push(run.join(' '));
      run = [];
    };
    words.forEach((word, index) => {
      const bare = trimEndChars(word.replace(/^["'(]+/, ''), `"')`);
      if (isCapitalised(bare) || (run.length && /^\d+$/.test(bare))) run.push(bare);
      else if (run.length && nameGlue.has(bare) && isCapitalised(words[index + 1] ?? '')) run.push(bare);
      else flush(index);
    });
    flush(words.length);
  }
  return names.filter((name) => !/^(?:DM|DMs|EST|PM|AM)$/.test(name));
}

export function promptFacts(prompt: string): Fact[] {
  const text = prompt.replace(/[’‘]/g, "'");
  const facts: Fact[] = [];
  const links = text.match(linkPattern) ?? [];
  for (const link of links) facts.push({ kind: 'link', text: link });
  let rest = text.replace(linkPattern, ' ');
  for (const money of rest.match(moneyPattern) ?? []) facts.push({ kind: 'money', text: money.trim() });
  rest = rest.replace(moneyPattern, ' ');
  for (const percent of rest.match(percentPattern) ?? []) facts.push({ kind: 'percent', text: percent });
  rest = rest.replace(percentPattern, ' ');
  for (const number of rest.match(numberPattern) ?? []) facts.push({ kind: 'number', text: number });
  for (const name of namesIn(text)) facts.push({ kind: 'name', text: name });
  const lower = text.toLowerCase();
  for (const phrase of offerPhrases)
    if (new RegExp(`(?<![\\w-])${escape(phrase)}(?![\\w-])`).test(lower))
      facts.push({ kind: 'offer', text: phrase });
  return facts;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&');
}

/** The facts a text lost: links, money, percentages exactly; numbers, names and offers as words. */
export function missingFacts(facts: Fact[], text: string): Fact[] {
  const normal = text.replace(/[’‘]/g, "'");
  const lower = normal.toLowerCase();
  return facts.filter((fact) => {
    if (fact.kind === 'link' || fact.kind === 'money' || fact.kind === 'percent')
      return !normal.includes(fact.text);
    const pattern = new RegExp(`(?<![\\w-])${escape(fact.text.toLowerCase())}(?![\\w])`);
    return !pattern.test(lower);
  });
}

const inventionWords: Record<string, string[]> = {
  time: `morning afternoon evening night tonight midnight sunrise sunset dawn dusk weekend bedtime
    monday tuesday wednesday thursday friday saturday sunday`.split(/\s+/),
  place: `bed bedroom beach pool gym hotel shower bath bathtub bathroom kitchen couch sofa car office
    balcony rooftop garden park forest woods lake sauna spa window mirror street city club bar
    restaurant studio home house room yard porch desk closet stage field`.split(/\s+/),
  lighting: `candlelight candle candlelit sunlight sunshine sun daylight neon lamp lamplight moonlight
    spotlight flash backlit shadow shadows light lights`.split(/\s+/),
  clothing: `lingerie robe dress sundress gown bikini swimsuit heels stockings socks hoodie sweater skirt
    jeans bra bralette panties thong corset bodysuit latex lace satin silk leather mesh fishnets leggings
    shorts shirt tee pajamas boots collar choker garter nightie babydoll jersey jacket coat towel outfit
    costume wig glasses hat sequins nylons tights catsuit apron kimono`.split(/\s+/),
};
const multiwordInventions: Record<string, string[]> = {
  time: ['golden hour'],
  lighting: ['golden hour', 'ring light', 'fairy lights'],
  clothing: ['thigh highs', 'crop top', 'tank top', 'sports bra'],
};

function mentions(text: string, word: string): boolean {
  return new RegExp(`(?<![a-z])${escape(word)}(?:s|es)?(?![a-z])`).test(text);
}

/** Time, place, lighting and clothing words a variant uses that its prompt never did. */
export function inventedWords(prompt: string, text: string, hashtags: string[] = []): string[] {
  const source = prompt.toLowerCase().replace(/[-_]/g, ' ');
  const written = text.toLowerCase().replace(/[-_]/g, ' ');
  const found = new Set<string>();
  // A hashtag made of the prompt's own words (#candlelight, #redrobe) invents nothing; what is left of it might.
  const promptWords = (source.match(/[a-z0-9']+/g) ?? [])
    .filter((word) => word.length >= 3)
    .sort((a, b) => b.length - a.length);
  const tagRests = hashtags.map((tag) =>
    promptWords.reduce((rest, word) => rest.split(word).join(' '), tag.toLowerCase()),
  );
  for (const [kind, list] of Object.entries(inventionWords)) {
    for (const word of list) {
      if (mentions(source, word)) continue;
      const inTag = word.length >= 4 && tagRests.some((rest) => rest.includes(word));
      if (mentions(written, word) || inTag) found.add(`${kind}:${word}`);
    }
  }
  for (const [kind, list] of Object.entries(multiwordInventions))
    for (const phrase of list)
      if (!source.includes(phrase) && written.includes(phrase)) found.add(`${kind}:${phrase}`);
  return [...found];
}
