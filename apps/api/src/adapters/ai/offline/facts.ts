import nlp from 'compromise';
import {
  brandCase,
  colourWords,
  massWear,
  lightWords,
  placeWords,
  stateWords,
  wearWords,
  contextPatterns,
  countPattern,
  couplePattern,
  dayNames,
  firstPattern,
  moneyPattern,
  monthNames,
  paidPlatforms,
  percentPattern,
  timeWords,
} from './lexicon.js';
import { cleanPrompt } from './prompt-text.js';
import { describePiece, isBareLight, lightPhrase } from './pieces.js';

export type Role = 'offer' | 'wear' | 'place' | 'time' | 'light' | 'state' | 'first' | 'name' | 'link';
export type Context =
  'offer' | 'first' | 'couple' | 'cosplay' | 'fitness' | 'feet' | 'outfit' | 'nude' | 'question';

/** One comma-, colon- or sentence-separated part of the prompt, read. */
export interface Piece {
  /** The creator's words (links as placeholders, see prompt-text.ts), never reworded. */
  text: string;
  kind: 'clause' | 'question' | 'phrase';
  roles: Set<Role>;
  /** Its first word is a name ("Tifa Lockhart…"): never lower-cased, even mid-sentence. */
  keepsCase: boolean;
  /** What follows "I'm" when it describes the picture: "topless on my balcony", "in a red satin robe". */
  predicate: string | null;
  /** The same for titles: a long outfit cut to its core ("red satin corset"). */
  short: string;
  /** Which of the prompt's sentences it is in, and what came before it there (':' or ','). */
  sentence: number;
  joint: '' | ',' | ':';
  /** The punctuation that closed its sentence, when it was the last piece of it. */
  end: '' | '.' | '!' | '?';
}

export interface PromptFacts {
  pieces: Piece[];
  links: string[];
  subject: 'I' | 'we';
  contexts: Set<Context>;
  /** Characters, series, brands and places, as written ("Tifa Lockhart", "Final Fantasy 7"). */
  names: string[];
  /** Clothing, places, lights and times the prompt names: the only ones the copy may mention. */
  worn: string[];
  /** The first outfit of each worn list, without article ("red satin robe"). */
  outfits: string[];
  places: string[];
  lights: string[];
  times: string[];
  /** Words the prompt negates ("no makeup"): never a hashtag of their own. */
  negated: Set<string>;
  /** Words worth a hashtag, most telling first. */
  tagWords: string[];
}

const separator = /(?<!\d)([.!?;]+)(?!\d)|(?<![\d\s]):(?!\d)|(?<!\d),(?!\d)|,(?=\s)|\s[-–—]+\s|\n+/g;
const overrides = {
  link: 'Noun',
  price: 'Noun',
  pilates: 'Noun',
  hubby: 'Noun',
  rest: 'Noun',
  spring: 'Noun',
  bio: 'Noun',
  pride: 'Noun',
  dm: 'Noun',
  dms: 'Noun',
  customs: 'Noun',
} as const;
const dayPlaces = new Set(['gym', 'beach', 'pool', 'spa', 'lake', 'park']);
const nameGlue = new Set(['of', 'the', 'x', '&', 'de']);
const notNames = new Set(['I', 'DM', 'DMs', 'EST', 'PST', 'PM', 'AM', 'POV', 'PR', 'Q&A', 'PPV', 'VIP']);

interface Term {
  start: number;
  end: number;
  text: string;
  tags: Set<string>;
}

/** The prompt's terms as compromise tags them, with their place in the text. */
function tagTerms(text: string): Term[] {
  const terms: Term[] = [];
  let offset = 0;
  const doc = nlp(
    text.replace(/\uE000\d+\uE000/g, (match) => 'L'.padEnd(match.length, 'k')),
    overrides,
  );
  for (const sentence of doc.document as { pre: string; text: string; post: string; tags: Set<string> }[][])
    for (const term of sentence) {
      const start = offset + term.pre.length;
      terms.push({
        start,
        end: start + term.text.length,
        text: text.slice(start, start + term.text.length),
        tags: term.tags,
      });
      offset = start + term.text.length + term.post.length;
    }
  return terms;
}

const isCapitalised = (word: string) => /^\p{Lu}/u.test(word) || /^\p{Ll}+\p{Lu}/u.test(word);

const holidayWords = new Set([
  'christmas',
  'halloween',
  'easter',
  "valentine's",
  'valentines',
  'thanksgiving',
]);
/** Words of this product's prompts that compromise's lexicon lacks. */
const promptWords = new Set([
  'custom',
  'giveaway',
  'marathon',
  'teaser',
  'selfie',
  'haul',
  'restock',
  'promo',
  'bundle',
]);
const knownWords = (nlp.world() as { model: { one: { lexicon: Record<string, unknown> } } }).model.one
  .lexicon;

/**
 * A word English knows in lower case ("Latex", "New", "Custom" capitalised only to start the prompt):
 * compromise's lexicon, our own lists, or a regular English ending. Anything else that the creator
 * capitalised ("Coachella", "Yennefer") is taken for a name and keeps its capital.
 */
function isCommonWord(word: string): boolean {
  const lower = word.toLowerCase();
  if (
    promptWords.has(lower) ||
    knownWords[lower] ||
    wearWords.has(lower) ||
    placeWords.has(lower) ||
    stateWords.has(lower)
  )
    return true;
  if (timeWords.has(lower) || lightWords.has(lower)) return true;
  return /(?:ing|ed|ly|ness|tion|ment|ful|less|ous|ive|able|al|er|est|s)$/.test(lower) && lower.length > 4;
}

function isProperTerm(term: Term, next: Term | undefined): boolean {
  const lower = term.text.toLowerCase().replace(/'s$/, '');
  if (!isCapitalised(term.text)) return false;
  if (
    brandCase[lower] ||
    dayNames.has(lower) ||
    monthNames.has(lower) ||
    holidayWords.has(lower) ||
    /\p{Ll}\p{Lu}/u.test(term.text)
  )
    return true;
  if (['ProperNoun', 'Person', 'Place', 'Organization'].some((tag) => term.tags.has(tag))) return true;
  // "Jinx from Arcane", "Makima cosplay": a capitalised word before a series or "cosplay" names a character.
  if (next && /^(?:from|cosplay)$/i.test(next.text)) return true;
  return !!next && isCapitalised(next.text) && !brandCase[next.text.toLowerCase()];
}

/** "of the" inside "Tears of the Kingdom": small words followed by a capitalised one. */
function gluesTo(terms: Term[], index: number): boolean {
  let at = index + 1;
  while (terms[at] && nameGlue.has(terms[at]!.text.toLowerCase())) at++;
  return !!terms[at] && isCapitalised(terms[at]!.text);
}

/** Runs of capitalised words, with the numbers and small words inside names ("Tears of the Kingdom"). */
function namesIn(terms: Term[], pieceStarts: Set<number>): string[] {
  const names: string[] = [];
  let run: Term[] = [];
  const flush = () => {
    while (run.length && nameGlue.has(run.at(-1)!.text.toLowerCase())) run.pop();
    const name = run.map((term) => term.text).join(' ');
    if (run.length && !notNames.has(name)) names.push(name);
    run = [];
  };
  terms.forEach((term, index) => {
    const next = terms[index + 1];
    const starts = pieceStarts.has(term.start);
    // A brand is a name of its own: "Fansly Thursday" is Fansly, then Thursday.
    const brand = !!brandCase[term.text.toLowerCase()];
    if (starts || brand || brandCase[run.at(-1)?.text.toLowerCase() ?? '']) flush();
    const proper = starts ? isProperTerm(term, next) : isCapitalised(term.text);
    if (proper && !notNames.has(term.text)) run.push(term);
    else if (run.length && /^\d+$/.test(term.text)) run.push(term);
    else if (run.length && nameGlue.has(term.text.toLowerCase()) && gluesTo(terms, index)) run.push(term);
    else flush();
  });
  flush();
  return [...new Set(names)];
}

const cache = new Map<string, PromptFacts>();

/** Reads a prompt into facts; the same prompt is read once (answers and fills reuse it). */
export function readFacts(prompt: string): PromptFacts {
  const known = cache.get(prompt);
  if (known) return known;
  if (cache.size >= 500) cache.clear();
  const facts = read(prompt);
  cache.set(prompt, facts);
  return facts;
}

function read(prompt: string): PromptFacts {
  const cleaned = cleanPrompt(prompt);
  const links = cleaned.links;
  // One place alone ("gym") is the day spent there: "Gym day".
  const text = dayPlaces.has(cleaned.text.toLowerCase()) ? `${cleaned.text} day` : cleaned.text;
  const terms = tagTerms(text);
  const pieces: Piece[] = [];
  let sentence = 0;
  let joint: Piece['joint'] = '';
  let start = 0;
  const pieceStarts = new Set<number>();
  const add = (from: number, to: number, mark: string) => {
    const raw = text.slice(from, to);
    const lead = raw.length - raw.trimStart().length;
    const body = raw.trim();
    const closing = /[.!?;]/.test(mark) || /\n/.test(mark) ? (mark.trim()[0] ?? '.') : '';
    const end = (closing === ';' ? '.' : closing) as Piece['end'];
    if (body) {
      pieceStarts.add(from + lead);
      const own = terms.filter((term) => term.start >= from + lead && term.end <= from + lead + body.length);
      pieces.push(makePiece(body, own, sentence, joint, end));
    } else if (end && pieces.length && pieces.at(-1)!.sentence === sentence) pieces.at(-1)!.end = end;
    if (end) {
      sentence++;
      joint = '';
    } else if (body) joint = mark.includes(':') ? ':' : ',';
  };
  for (const match of text.matchAll(separator)) {
    add(start, match.index, match[0]);
    start = match.index + match[0].length;
  }
  add(start, text.length, '.');
  mergeLights(pieces);

  const lower = text.toLowerCase();
  const contexts = new Set<Context>();
  if (pieces.some((piece) => piece.roles.has('offer'))) contexts.add('offer');
  if (firstPattern.test(lower)) contexts.add('first');
  // "me and my boyfriend…", "wife in her new dress": the couple's account speaks as "we".
  const partner = '(?:husband|wife|boyfriend|girlfriend|bf|gf|fiancée?|partner|hubby)';
  const subject =
    couplePattern.test(lower) ||
    new RegExp(
      `\\b${partner}\\s+and\\s+(?:i|me)\\b|\\bme and my ${partner}\\b|^(?:my )?${partner} (?:in|wearing|on|at)\\b`,
    ).test(lower)
      ? 'we'
      : 'I';
  if (subject === 'we') contexts.add('couple');
  for (const [context, pattern] of Object.entries(contextPatterns))
    if (pattern.test(lower)) contexts.add(context as Context);
  if (pieces.some((piece) => piece.roles.has('wear'))) contexts.add('outfit');
  if (pieces.length && pieces.every((piece) => piece.kind === 'question')) contexts.add('question');

  const negated = new Set<string>();
  for (const match of lower.matchAll(/\b(?:no|without|not wearing)\s+((?:[\p{L}-]+\s+){0,1}[\p{L}-]+)/gu))
    for (const word of match[1]!.split(/\s+/)) negated.add(word);
  const names = namesIn(terms, pieceStarts);
  const lexiconWords = (test: (piece: Piece) => boolean, list: Set<string> | null) =>
    pieces.filter(test).flatMap((piece) => wordsOf(piece.text).filter((word) => !list || list.has(word)));
  const facts: PromptFacts = {
    pieces,
    links,
    subject,
    contexts,
    names,
    worn: [...new Set(pieces.flatMap((piece) => describePiece(piece.text).worn))].filter(
      (word) => !negated.has(word),
    ),
    outfits: pieces
      .map((piece) => describePiece(piece.text).outfit?.split(' and ')[0])
      .filter((outfit): outfit is string => !!outfit),
    places: [...new Set(pieces.flatMap((piece) => describePiece(piece.text).places))],
    lights: [...new Set(pieces.flatMap((piece) => describePiece(piece.text).lights))],
    times: [...new Set(lexiconWords((piece) => piece.roles.has('time'), timeWords))],
    negated,
    tagWords: [],
  };
  facts.tagWords = tagWordsOf(
    terms,
    facts.outfits,
    pieces.map((piece) => piece.text),
    names,
    negated,
  );
  return facts;
}

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}][\p{L}'-]*/gu) ?? [];

function makePiece(
  text: string,
  terms: Term[],
  sentence: number,
  joint: Piece['joint'],
  end: Piece['end'],
): Piece {
  const lower = text.toLowerCase();
  const described = describePiece(text);
  const roles = new Set<Role>();
  if (/\uE000/.test(text)) roles.add('link');
  const words = wordsOf(text);
  if (
    moneyPattern.test(text) ||
    percentPattern.test(text) ||
    countPattern.test(text) ||
    roles.has('link') ||
    words.some((word) => paidPlatforms.has(word)) ||
    /\b(?:custom|customs|requests?|free|trial|sale|discount|bundle|giveaway|ppv|vip|subscribe|subscription|tip menu|sexting|ratings?|price|half price|dms?|link in bio|selling|shipped|restock|special|deal|promo|available|q&a)\b/.test(
      lower,
    )
  )
    roles.add('offer');
  if (described.worn.length) roles.add('wear');
  if (described.places.length) roles.add('place');
  if (described.lights.length) roles.add('light');
  if (words.some((word) => timeWords.has(word))) roles.add('time');
  if (described.state) roles.add('state');
  if (firstPattern.test(lower)) roles.add('first');
  const head = terms[0];
  const keepsCase =
    !!head && (isProperTerm(head, terms[1]) || (isCapitalised(head.text) && !isCommonWord(head.text)));
  if (
    terms.some(
      (term, index) => isProperTerm(term, terms[index + 1]) && (index > 0 || isProperTerm(head!, terms[1])),
    )
  )
    roles.add('name');
  const verb = terms.find((term) => term.tags.has('Verb') && !term.tags.has('Gerund'));
  // Compromise reads "lights" in "mesh bodysuit under neon lights" as a verb; a described picture is a phrase.
  const copula = terms.some((term) => term.tags.has('Copula') || term.tags.has('Auxiliary'));
  const kind: Piece['kind'] =
    end === '?'
      ? 'question'
      : verb && !(terms[0]?.tags.has('Gerund') ?? false) && (copula || !described.predicate)
        ? 'clause'
        : 'phrase';
  return {
    text,
    kind,
    roles,
    keepsCase,
    predicate: (kind === 'phrase' || described.state) && !roles.has('offer') ? described.predicate : null,
    short: kind === 'phrase' && !roles.has('offer') ? described.short : text,
    sentence,
    joint,
    end,
  };
}

/** "red satin robe, candlelight" is one picture: "red satin robe by candlelight". */
function mergeLights(pieces: Piece[]): void {
  for (let index = pieces.length - 1; index > 0; index--) {
    const piece = pieces[index]!;
    const before = pieces[index - 1]!;
    if (!isBareLight(piece.text) || before.sentence !== piece.sentence || piece.joint !== ',') continue;
    if (!before.predicate) continue;
    const said = lightPhrase(piece.text);
    before.text = `${before.text} ${said}`;
    before.short = `${before.short} ${said}`;
    before.predicate = `${before.predicate} ${said}`;
    before.roles.add('light');
    before.end = piece.end;
    pieces.splice(index, 1);
  }
  for (const piece of pieces)
    if (isBareLight(piece.text) && !piece.predicate) piece.predicate = lightPhrase(piece.text);
}

const functionWords = new Set([
  'under',
  'over',
  'with',
  'after',
  'before',
  'from',
  'into',
  'near',
  'then',
  'only',
  'just',
]);
const compoundStopwords = new Set([
  'day',
  'time',
  'kind',
  'bit',
  'lot',
  'thing',
  'things',
  'side',
  'way',
  'link',
  'bio',
]);
const tagStopwords = new Set(
  `post posts photo photos pic pics picture video videos set shoot time day days week month hour hours minute minutes
  min kind bit lot thing things feet kg km pounds reps years months side way everything nothing anything dms
  link bio details top place`.split(/\s+/),
);

/** Nouns of the prompt (and the worn, coloured words before them) worth a hashtag, names first. */
/** True when `before` is a word of the same run ("squat" before "rack"), not "my", "a", "in" or a number. */
function continuesRun(before: Term | undefined, term: Term): boolean {
  if (!before || before.end + 1 !== term.start || !/^\p{L}/u.test(before.text)) return false;
  return !['Determiner', 'Preposition', 'Possessive', 'Value', 'Conjunction', 'Pronoun'].some((tag) =>
    before.tags.has(tag),
  );
}

function tagWordsOf(
  terms: Term[],
  outfits: string[],
  texts: string[],
  names: string[],
  negated: Set<string>,
): string[] {
  const tags: string[] = names
    .filter((name) => !dayNames.has(name.toLowerCase()) && !monthNames.has(name.toLowerCase()))
    .map((name) => name.replace(/[^\p{L}\p{N}]+/gu, ''));
  const worn = new Set(outfits.flatMap((outfit) => wordsOf(outfit)));
  const compounds: string[] = [];
  const usable = (term: Term | undefined) => {
    if (!term || term.tags.has('Hyphenated') || term.tags.has('Pronoun') || term.tags.has('Possessive'))
      return false;
    const word = term.text.toLowerCase();
    return (
      /^\p{L}{3,}$/u.test(word) && !tagStopwords.has(word) && !timeWords.has(word) && !functionWords.has(word)
    );
  };
  terms.forEach((term, index) => {
    const word = term.text.toLowerCase().replace(/'s$/, '');
    const previous = terms[index - 1]?.text.toLowerCase();
    if (negated.has(word)) {
      // "no makeup" is a look of its own (#nomakeup); "makeup" alone would say the opposite.
      if (previous === 'no' && usable(term)) tags.push(`no${word}`);
      return;
    }
    if (!usable({ ...term, text: word }) || (previous && /^\d/.test(previous))) return; // "5 feet": a unit
    // "trying", "sexting" say what is done, not what is shown.
    if (/ing$/.test(word) && !worn.has(word)) return;
    const noun = term.tags.has('Noun') && !term.tags.has('Preposition');
    // Of the words before an outfit, colours and materials make tags ("red", "satin"), "full" or "new" do not.
    const describes = worn.has(word) && (colourWords.has(word) || wearWords.has(word) || massWear.has(word));
    if (noun || describes) tags.push(word);
    // "custom video", "satin robe": two words that name one thing make a tag of their own.
    const next = terms[index + 1];
    const nextWord = next?.text.toLowerCase() ?? '';
    if (
      next &&
      next.start - term.end === 1 &&
      next.tags.has('Noun') &&
      /^\p{L}{3,}$/u.test(nextWord) &&
      !timeWords.has(nextWord) &&
      !names.some((name) => name.includes(term.text)) &&
      !compoundStopwords.has(nextWord) &&
      !negated.has(nextWord) &&
      (noun || describes) &&
      !brandCase[word] &&
      // The first two words of a run only: "squat rack selfie" gives #squatrack, not #rackselfie.
      !continuesRun(terms[index - 1], term)
    )
      compounds.push(`${word}${nextWord}`);
  });
  // "sun-kissed", "post-workout": one tag, as people write it.
  const hyphenated = texts
    .flatMap((text) => text.toLowerCase().split(/[\s,.!?:;]+/))
    .filter((word) => /^\p{L}+(?:-\p{L}+)+$/u.test(word));
  tags.splice(names.length, 0, ...compounds.slice(0, 2), ...hyphenated.map((word) => word.replace(/-/g, '')));
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLowerCase();
    const inName = names.some((name) => name.includes(' ') && name.toLowerCase().split(/\s+/).includes(key));
    if (seen.has(key) || inName) return false;
    seen.add(key);
    return true;
  });
}
