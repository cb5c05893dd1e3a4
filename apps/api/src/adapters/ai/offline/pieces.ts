import {
  lightPreposition,
  lightWords,
  massWear,
  placePreposition,
  placeWords,
  pluralWear,
  stateWords,
  timeWords,
  wearWords,
} from './lexicon.js';
import { withArticle } from './phrasing.js';

export interface Description {
  worn: string[];
  places: string[];
  lights: string[];
  /** Starts with how the creator is ("topless", "sweaty after…"). */
  state: boolean;
  /** What follows "I'm": "topless on my balcony", "in a red satin robe", "at the lake cabin". */
  predicate: string | null;
  /** For titles: a long outfit cut to its core, its "with …" detail dropped. */
  short: string;
  /** The outfit as a noun phrase without article ("red satin robe"), for photo directions. */
  outfit: string | null;
}

const prepositions = new Set([
  'in',
  'on',
  'at',
  'by',
  'under',
  'after',
  'for',
  'from',
  'with',
  'during',
  'inside',
  'outside',
  'near',
  'before',
]);
const determiners = new Set([
  'my',
  'his',
  'her',
  'our',
  'your',
  'their',
  'a',
  'an',
  'the',
  'this',
  'these',
  'that',
]);
const lightModifiers = new Set(
  'soft warm golden natural morning evening dim low red pink blue purple green fairy string neon sunset window'.split(
    ' ',
  ),
);
/** Words that cannot sit inside an outfit's name ("cosplay but make it lingerie" is not one). */
const notModifiers = new Set(
  'but or so it is are was make made first time just very really only then than to of for like as not no'.split(
    ' ',
  ),
);
const setModifiers = new Set(['lingerie', 'matching', 'lace', 'print', 'bikini', 'two-piece']);

/** The word without the punctuation around it ("robe," → "robe"). */
function bare(word: string): string {
  const letter = /[\p{L}\p{N}]/u;
  let start = 0;
  let end = word.length;
  while (start < end && !letter.test(word[start]!)) start++;
  while (end > start && !letter.test(word[end - 1]!)) end--;
  return word.slice(start, end).toLowerCase();
}

/** "red satin robe", "my new jeans", "lingerie set": modifiers and a worn head, nothing else. */
function isWornHead(words: string[]): boolean {
  const inner = words.slice(determiners.has(bare(words[0] ?? '')) ? 1 : 0, -1).map(bare);
  if (inner.some((word) => determiners.has(word) || notModifiers.has(word) || /ing$/.test(word)))
    return false;
  const last = bare(words.at(-1) ?? '');
  if (last === 'set' || last === 'sets') return words.length > 1 && setModifiers.has(bare(words.at(-2)!));
  return wearWords.has(last) && last !== 'set';
}

/** "candlelight", "soft morning light", "neon lights", "golden hour": a light with nothing else. */
export function isBareLight(text: string): boolean {
  const words = text.toLowerCase().split(/\s+/);
  if (text.toLowerCase() === 'golden hour') return true;
  const last = words.at(-1)!;
  return lightWords.has(last) && words.slice(0, -1).every((word) => lightModifiers.has(word));
}

export function lightPhrase(text: string): string {
  const lower = text.toLowerCase();
  const preposition = lightPreposition.find(([pattern]) => pattern.test(lower))?.[1] ?? 'in';
  return `${preposition} ${text}`;
}

export function describePiece(text: string): Description {
  const words = text.split(/\s+/);
  const lower = words.map(bare);
  const worn = lower.filter(
    (word, index) => wearWords.has(word) && lower[index - 1] !== 'no' && word !== 'set',
  );
  const places = lower.filter((word) => placeWords.has(word));
  const lights = lower.filter((word) => lightWords.has(word));
  if (/golden hour/i.test(text)) lights.push('golden hour');
  const description: Description = {
    worn,
    places,
    lights,
    state: false,
    predicate: null,
    short: text,
    outfit: null,
  };

  if (stateWords.has(lower[0]!)) {
    // "topless on my balcony", "curvy and confident in a tight dress"; not "sweaty selfie".
    let end = 1;
    while (end < lower.length && (stateWords.has(lower[end]!) || lower[end] === 'and')) end++;
    if (end === lower.length || prepositions.has(lower[end]!)) {
      description.state = true;
      description.predicate = text;
    }
    return description;
  }
  if (lower[0] === 'wearing' && worn.length) {
    description.predicate = text;
    return description;
  }
  if (prepositions.has(lower[0]!) && lower[0] !== 'for' && (places.length || lights.length || worn.length)) {
    description.predicate = text;
    return description;
  }
  if (isBareLight(text)) return description;

  const cut = lower.findIndex((word, index) => index > 0 && prepositions.has(word));
  const head = cut < 0 ? words : words.slice(0, cut);
  const rest = cut < 0 ? [] : words.slice(cut);
  const parts = splitAnd(head);
  if (!parts.length || !parts.every(isWornHead) || /\d/.test(head.join(' '))) {
    if (places.length === 1 && lower.length <= 3 && lower.every((word) => placeWords.has(word) || !word)) {
      // A bare place ("hotel room") says where: "in the hotel room".
      const place = lower.at(-1)!;
      description.predicate = `${placePreposition[place] ?? 'at'} the ${text}`;
    }
    return description;
  }
  const restLower = rest.map(bare);
  const restIsScene =
    rest.length === 0 ||
    restLower.some(
      (word) => placeWords.has(word) || lightWords.has(word) || timeWords.has(word) || word === 'holidays',
    );
  const outfit = parts.map((part) => part.join(' ')).join(' and ');
  description.outfit = stripDeterminer(outfit);
  if (restIsScene) {
    const said = parts.map((part) => wornWithArticle(part)).join(' and ');
    description.predicate = ['in', said, ...rest].join(' ');
  }
  const core = parts.map((part) => coreOf(part).join(' ')).join(' and ');
  const detail = restLower[0] === 'with' ? [] : rest;
  description.short = [core, ...detail].join(' ');
  return description;
}

function splitAnd(words: string[]): string[][] {
  const parts: string[][] = [[]];
  for (const word of words) {
    if (/^(?:and|&)$/i.test(word)) parts.push([]);
    else parts.at(-1)!.push(word);
  }
  return parts.filter((part) => part.length);
}

function stripDeterminer(text: string): string {
  const [first, ...rest] = text.split(' ');
  return first && determiners.has(first.toLowerCase()) && rest.length ? rest.join(' ') : text;
}

/** "red satin robe" → "a red satin robe"; "thigh highs", "black lace", "my jeans" stay as they are. */
function wornWithArticle(part: string[]): string {
  const first = bare(part[0]!);
  const last = bare(part.at(-1)!);
  if (
    determiners.has(first) ||
    pluralWear.has(last) ||
    massWear.has(last) ||
    (/[^s]s$/.test(last) && last !== 'dress')
  )
    return part.join(' ');
  return withArticle(part.join(' '));
}

/** At most two words before the head: "brand new handmade vintage red satin corset" → "red satin corset". */
function coreOf(part: string[]): string[] {
  const determiner = determiners.has(bare(part[0]!)) ? [part[0]!] : [];
  const rest = determiner.length ? part.slice(1) : part;
  return [...determiner, ...rest.slice(-3)];
}
