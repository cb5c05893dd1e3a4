import { trimEndChars } from '@app/shared/trim-chars';

const stopwords = new Set(
  `a an the and or but so to of in on at for with about from into over under my me i im i'm we our you your
  this that these those it its is are was were be been am do does did just very really some any new post caption
  captions tweet tweets title titles write create make generate give please want need like get got some today
  tonight photo photos pic pics picture pictures video videos set shoot reddit twitter instagram tiktok insta ig
  back feel feels feeling felt amazing good great nice got went had have has finally first last time times going
  look looks looking little bit lot lots one two something thing things day days night week way much more most`.split(
    /\s+/,
  ),
);

/** Times of day the copy must agree with ("morning" in the prompt rules out "before the sun went down"). */
export type DayTime = 'morning' | 'afternoon' | 'evening' | 'night';

export interface PromptTopic {
  /** The subject as the body talks about it, in the creator's voice ("my new red lingerie set"); null when none. */
  topic: string | null;
  /** The core of the subject for titles ("my red lingerie set"). */
  short: string | null;
  /** The core without a determiner, to lead a title ("red lingerie set"). */
  thing: string | null;
  /** "my new glasses", "thigh highs": takes "are", not "is". */
  plural: boolean;
  /** Setting, time and mood ("cozy Sunday morning in bed"), usable as a fragment of its own; null when none. */
  scene: string | null;
  /** The first part of the scene, for titles ("rainy afternoon"). */
  sceneShort: string | null;
  /** The creator's own sentence, used as a line of its own, when the prompt has one. */
  statement: string | null;
  /** Times of day, day names ("sunday"), "weekend" and weather ("rain", "sun") the prompt mentions. */
  times: string[];
  /** Words worth a hashtag. */
  keywords: string[];
  /** Two keywords side by side in the prompt ("red dress"), for a combined hashtag. */
  pair: string[] | null;
}

const words = (list: string) => new Set(list.split(/\s+/).filter(Boolean));

const dayNames = words('monday tuesday wednesday thursday friday saturday sunday');
const monthNames = words('january february april june july august september october november december');
const holidays = words('christmas halloween easter valentines thanksgiving');
/** Words naming a time; they make a run of words a setting rather than a subject. */
const timeWords = words(
  `morning mornings afternoon evening night nights tonight today midnight sunrise sunset dawn dusk weekend
  day hour summer winter spring autumn yesterday brunch breakfast lunch`,
);
for (const word of [...dayNames, ...holidays]) timeWords.add(word);
/** Words that describe a time or place when they sit next to one ("lazy Sunday", "rainy afternoon"). */
const moodWords = words(
  `cozy cosy lazy rainy sunny snowy stormy chill slow quiet late early hot warm cold golden last this next every
  on one perfect long sleepy soft lazy-ish`,
);
const placeWords = words(
  `bed bedroom beach pool gym hotel shower bath bathtub kitchen couch sofa car office park club lake forest woods
  garden balcony rooftop home house room city street studio desert mountains mountain cabin sauna spa yacht boat
  convention con festival concert party bar restaurant airport plane train sea ocean island resort backyard porch
  cafe fireplace library campus dorm locker lockers closet stage set-up window hallway stairs elevator field`,
);
const weatherWords = words('rain rainy storm stormy snow snowy sun sunny sunshine heatwave');
/** Things worn: a phrase with one of these is the subject even after "in" ("in my white sundress"). */
const wearWords = words(
  `lingerie dress sundress bikini swimsuit hoodie bodysuit stockings highs heels skirt jeans shirt tee top bra
  panties corset robe sweater outfit fit look glasses sunglasses uniform costume cosplay boots leggings shorts
  latex lace silk satin pajamas pyjamas jacket coat suit nightie negligee thong garter garters fishnets socks
  crop blouse gown jersey kimono leather mesh makeup lipstick nails hair wig`,
);
const pluralWords = words(
  'glasses sunglasses jeans heels highs stockings leggings shorts pajamas pyjamas fishnets garters socks boots nails photos pics',
);
/** Places that make a day out ("gym" alone reads as "a gym day"). */
const dayPlaces = words('gym beach pool spa lake park');
const inPlaces = words('bed shower bath bathtub car kitchen bedroom room');
const notActivities = words(
  'nothing something anything everything morning evening string ring king wedding clothing building stockings spring ceiling sling',
);

/** "dancing", "reading": something done rather than a thing. */
function isActivity(word: string): boolean {
  const lower = word.toLowerCase();
  return /ing$/.test(lower) && lower.length > 4 && !notActivities.has(lower) && !wearWords.has(lower);
}
const prepositions = words(
  'in at on by during after before from under near inside outside around of with wearing into over through for',
);
const determiners = new Set([
  'my',
  'the',
  'a',
  'an',
  'this',
  'these',
  'those',
  'that',
  'our',
  'your',
  'his',
  'her',
  'their',
  'some',
  'me',
  'us',
]);
const statementStart = words(
  `i i'm im i've ive i'd we we're were just finally feeling feel felt got went had shot took tried spent made bought
  wore did came been getting trying spending taking doing then again also later now so`,
);
const acronyms = words('NYC LA UK USA US NY OF POV OOTD GRWM BTS DIY LV SF ATL');

const requestPattern = new RegExp(
  [
    '^(?:(?:please|pls|hey|hi|ok|okay|so)[,!]?\\s+)*',
    '(?:(?:can|could|would|will)\\s+you\\s+)?(?:please\\s+)?',
    '(?:(?:help\\s+me\\s+)?(?:write|create|make|generate|give\\s+me|come\\s+up\\s+with|draft|suggest|need|want|i\\s+(?:want|need)(?:\\s+to\\s+post)?)(?:\\s+me)?\\s+)?',
    '(?:(?:an?|some|the|a\\s+few|few|\\d+)\\s+)?',
    '(?:(?:cute|flirty|fun|short|good|catchy|spicy|sexy|funny|new|nice|instagram|insta|ig|twitter|x|tiktok|reddit|onlyfans|fansly)\\s+)*',
    '(?:captions?|posts?|tweets?|titles?|copy|text|something|anything|ideas?|hooks?)(?=[:\\s]|$)[:\\s]*',
    '(?:(?:for|about|on|of|to\\s+go\\s+with|with)\\s+)?',
  ].join(''),
  'i',
);
const interjection = /^(?:(?:omg|wow|lol|lmao|yay|ugh|okay|ok|hey|yes|yess+|ahh+|eek)\b[,!]*\s*)+/i;
const postAboutPattern = /^(?:i\s+(?:want|need)\s+to\s+)?(?:post|write|talk)\s+about\s+/i;

const emojiPattern =
  /(?:\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}]|[\u{1F1E6}-\u{1F1FF}]|\u200d|\ufe0f)+/gu;

interface Segment {
  /** Its words with their original case. */
  words: string[];
  preposition: string | null;
}

interface Reading {
  subjects: string[][];
  activities: { words: string[]; scene: string[][] }[];
  scene: string[][];
  /** Which clause each scene part came from: parts of one clause join with a space, others with a comma. */
  sceneClause: number[];
  clause: number;
  sentence: number;
  /** Comma-separated part of the sentence: "bodysuit and thigh highs" is one subject, "selfie, sweaty" is not. */
  group: number;
  /** The sentence the subject came from: one subject per prompt, its parts joined by "and". */
  subjectSentence: number | null;
  statement: string | null;
}

/**
 * Reads a prompt the way a person would: what it is about (the subject: an outfit, a thing, an
 * activity), where and when (the scene), and the creator's own sentence when there is one. Request
 * boilerplate ("write a caption for…"), tags, links, emoji and shouting are dropped.
 */
export function readPrompt(prompt: string): PromptTopic {
  const cleaned = prompt
    .replace(/\[[^[\]]*\]/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[#@]/g, '')
    .replace(/[’‘]/g, "'")
    .replace(emojiPattern, '\n')
    .replace(/[ \t]+/g, ' ')
    .trim();
  const keywords = [
    ...new Set(
      // A hyphenated compound is one tag: golden-hour → goldenhour, not golden and hour.
      (cleaned.toLowerCase().match(/[\p{L}][\p{L}\p{N}']*(?:-[\p{L}\p{N}']+)*/gu) ?? [])
        .map((word) => word.replace(/'s$/, '').replace(/['-]/g, ''))
        .filter((word) => word.length >= 3 && word.length <= 30 && !stopwords.has(word)),
    ),
  ].slice(0, 4);
  const pair = adjacentPair(cleaned, keywords);
  const text = stripRequest(unshout(cleaned));
  const times = timesIn(text);
  const empty: PromptTopic = {
    topic: null,
    short: null,
    thing: null,
    plural: false,
    scene: null,
    sceneShort: null,
    statement: null,
    times,
    keywords,
    pair,
  };
  if (!text || text.split(/\s+/).some((word) => word.length > 40))
    return { ...empty, keywords: keywords.filter((word) => word.length <= 30 && text.length > 0) };

  const reading: Reading = {
    subjects: [],
    activities: [],
    scene: [],
    sceneClause: [],
    clause: 0,
    sentence: 0,
    group: 0,
    subjectSentence: null,
    statement: null,
  };
  const addScene = reading.scene.push.bind(reading.scene);
  reading.scene.push = (...parts: string[][]) => {
    for (let index = 0; index < parts.length; index++) reading.sceneClause.push(reading.clause);
    return addScene(...parts);
  };
  for (const sentence of text.split(/[.!?;\n]+|\s[-–—]+\s|:\s/)) {
    reading.sentence++;
    for (const group of sentence.split(/,/)) {
      reading.group++;
      const clauses = group
        .split(/(?<!\s)\s+(?:and|&|\+|but|plus)\s+/i)
        .map((clause) => clause.trim())
        .filter(Boolean);
      for (const clause of clauses) {
        reading.clause++;
        readClause(clause, reading, sentence.trim());
      }
    }
  }

  // An activity is the subject when nothing else is ("dancing at the club"); else it is part of the scene.
  reading.clause++;
  if (!reading.subjects.length && reading.activities.length) {
    const [first, ...rest] = reading.activities;
    reading.subjects.push(first!.words.length === 1 ? ['some', ...first!.words] : first!.words);
    reading.scene.push(...first!.scene);
    for (const activity of rest) reading.scene.push(activity.words, ...activity.scene);
  } else {
    for (const activity of reading.activities)
      reading.scene.push([...activity.words, ...activity.scene.flat()]);
  }

  // "gym" alone reads as "a gym day", not as the scene of nothing.
  if (!reading.subjects.length && !reading.statement && reading.scene.length === 1) {
    const only = reading.scene[0]!;
    const place = only.at(-1)!.toLowerCase();
    if (only.length <= 3 && dayPlaces.has(place)) {
      reading.scene.length = 0;
      reading.subjects.push([place, 'day']);
    }
  }

  const subjectWords = reading.subjects
    .slice(0, 2)
    .flatMap((subject, index) => (index ? ['and', ...subject] : subject));
  const subject = subjectWords.length ? voiced(limitWords(subjectWords, 9)) : null;
  const core = reading.subjects.length ? coreOf(reading.subjects[0]!) : null;
  // Parts of one clause read as one phrase ("cozy Sunday morning in bed"); separate clauses get a comma.
  const sceneParts: string[] = [];
  reading.scene.forEach((part, index) => {
    const phrase = limitWords(part, 8).join(' ');
    if (!phrase) return;
    if (
      sceneParts.length &&
      reading.sceneClause[index] === reading.sceneClause[index - 1] &&
      prepositions.has(part[0]!.toLowerCase())
    ) {
      sceneParts[sceneParts.length - 1] += ` ${phrase}`;
    } else sceneParts.push(phrase);
  });
  const scene = sceneParts.length
    ? properCase(limitWords(sceneParts.slice(0, 2).join(', ').split(' '), 12).join(' '))
    : null;
  const plural = reading.subjects.length > 1 || (subjectWords.length > 0 && isPlural(subjectWords));
  return {
    ...empty,
    topic: subject ? properCase(subject) : null,
    short: core ? properCase(voiced(core)) : null,
    thing: core
      ? properCase(
          core.filter((word, index) => index > 0 || !determiners.has(word.toLowerCase())).join(' '),
        ) || null
      : null,
    plural,
    scene,
    sceneShort: sceneParts.length ? properCase(sceneParts[0]!) : null,
    statement: reading.statement,
  };
}

function readClause(text: string, reading: Reading, sentence: string): void {
  // "omg my new nails": an interjection, and anything before "my", is not the subject.
  const bare = text.replace(interjection, '');
  const clause = statementStart.has(bare.split(' ')[0]!.toLowerCase())
    ? bare
    : bare.replace(/^(?:\S+\s+){1,2}(?=my\s)/i, '');
  if (!clause || /^(?:be|please|pls|don'?t|do not)\b/i.test(clause)) return; // "be nice" is said to the reader
  const tokens = clause.split(/\s+/).filter(Boolean);
  const first = tokens[0]!.toLowerCase();
  const segments = segmentsOf(tokens);
  const head = segments[0]!;

  if (statementStart.has(first)) {
    // The creator's own sentence ("I just got back from the gym"): a line of its own, plus any
    // subject ("…in my new glasses") and scene ("…at the hotel") in it.
    reading.statement ??= sentenceOf(sentence.startsWith(clause) ? sentence.split(/,/)[0]! : clause);
    const run = timeRun(head.words);
    if (run) reading.scene.push(run.run);
    // "finally got my new tattoo": the subject is what "my" names.
    const mine = head.words.findIndex((word) => word.toLowerCase() === 'my');
    if (mine > 0)
      addSubject(
        reading,
        head.words.slice(mine).filter((word) => !run?.run.includes(word)),
      );
    for (const segment of segments.slice(1)) {
      const kind = classify(segment);
      const phrase = [
        segment.preposition === 'from' && /\bback\b/i.test(clause) ? 'after' : segment.preposition!,
        ...segment.words,
      ];
      if (kind === 'scene') reading.scene.push(phrase);
      else if (kind === 'wear' || segment.words[0]?.toLowerCase() === 'my')
        addSubject(reading, segment.words);
    }
    return;
  }

  let subject: string[] | null = null;
  let activity: { words: string[]; scene: string[][] } | null = null;
  if (head.words.length) {
    let run = timeRun(head.words);
    // "Christmas lingerie", "morning coffee": a time in front of a thing describes the thing.
    if (
      run &&
      run.rest.length &&
      head.words[0] === run.run[0] &&
      !isActivity(run.rest[0]!) &&
      !run.rest.every((word) => placeWords.has(word.toLowerCase()))
    )
      run = null;
    if (run) reading.scene.push(run.run);
    const rest = run ? run.rest : head.words;
    if (rest.length === 1 && rest[0]!.toLowerCase() === 'me') rest.length = 0; // "me in the kitchen…": the scene is the post
    if (
      rest.length &&
      rest.every((word) => placeWords.has(word.toLowerCase()) || moodWords.has(word.toLowerCase()))
    ) {
      // A bare place ("beach", "hotel room") is where, not what.
      const place = rest.at(-1)!.toLowerCase();
      reading.scene.push(
        inPlaces.has(place)
          ? ['in', place === 'bed' ? '' : 'the', ...rest].filter(Boolean)
          : ['at', 'the', ...rest],
      );
    } else if (rest.length && isActivity(rest[0]!)) {
      activity = { words: rest, scene: [] };
      reading.activities.push(activity);
    } else if (rest.length) {
      subject = [...rest];
      if (!addSubject(reading, subject)) subject = null;
    }
  }
  for (const segment of segments.slice(1)) {
    const phrase = [segment.preposition!, ...segment.words];
    const kind = classify(segment);
    if (
      subject &&
      (segment.preposition === 'of' ||
        kind === 'wear' ||
        kind === 'name' ||
        segment.preposition === 'with' ||
        (kind === 'other' && subject))
    ) {
      subject.push(...phrase);
    } else if (!subject && !activity && (kind === 'wear' || segment.preposition === 'wearing')) {
      subject = [...segment.words];
      if (!addSubject(reading, subject)) subject = null;
    } else if (activity && kind === 'wear') {
      addSubject(reading, segment.words); // "working from home in pajamas": the pajamas are the subject
    } else if (activity) {
      activity.scene.push(phrase);
    } else {
      reading.scene.push(phrase);
    }
  }
}

function addSubject(reading: Reading, subject: string[]): boolean {
  if (reading.subjectSentence !== null && reading.subjectSentence !== reading.group) return false;
  reading.subjectSentence = reading.group;
  const last = reading.subjects.at(-1);
  // "bubble bath with candles and wine": the wine goes with the candles, not a second subject.
  if (last && last.some((word, index) => index > 0 && prepositions.has(word.toLowerCase())))
    last.push('and', ...subject);
  else reading.subjects.push(subject);
  return true;
}

function segmentsOf(tokens: string[]): Segment[] {
  const segments: Segment[] = [{ words: [], preposition: null }];
  for (const token of tokens) {
    const lower = token.toLowerCase();
    if (token === 'OF')
      segments.at(-1)!.words.push(token); // OnlyFans, not "of"
    else if (prepositions.has(lower) && segments.at(-1)!.words.length + segments.length > 1)
      segments.push({ words: [], preposition: lower });
    else if (prepositions.has(lower) && segments.length === 1 && segments[0]!.words.length === 0)
      segments[0] = { words: [], preposition: lower };
    else segments.at(-1)!.words.push(token);
  }
  // A leading preposition ("at the beach") makes the first segment a prepositional one.
  if (segments[0]!.preposition) segments.unshift({ words: [], preposition: null });
  return segments.filter((segment, index) => index === 0 || segment.words.length);
}

function classify(segment: Segment): 'scene' | 'wear' | 'name' | 'other' {
  const lower = segment.words.map((word) => word.toLowerCase());
  if (lower.some((word) => timeWords.has(word) || placeWords.has(word) || weatherWords.has(word)))
    return 'scene';
  if (lower.some((word) => wearWords.has(word))) return 'wear';
  if (segment.words.some((word) => /^[A-Z]/.test(word))) return 'name';
  return 'other';
}

/** A run of time words with their modifiers ("cozy sunday morning", "last night", "pool day") at the start or end of a phrase. */
function timeRun(tokens: string[]): { run: string[]; rest: string[] } | null {
  const lower = tokens.map((word) => word.toLowerCase());
  const isTime = (index: number) => timeWords.has(lower[index]!);
  const isModifier = (index: number) =>
    moodWords.has(lower[index]!) ||
    placeWords.has(lower[index]!) ||
    determiners.has(lower[index]!) ||
    weatherWords.has(lower[index]!);
  const last = lower.findLastIndex((_, index) => isTime(index));
  if (last < 0) return null;
  let start = last;
  while (start > 0 && (isTime(start - 1) || isModifier(start - 1))) start--;
  let end = last + 1;
  // "night out", "night in" read as one time.
  if (end < tokens.length && (lower[end] === 'out' || lower[end] === 'in') && end + 1 === tokens.length)
    end++;
  if (start > 0 && end < tokens.length) return null; // In the middle it describes the subject ("beach day outfit").
  if (start === 0 && end < tokens.length) {
    // "sunday morning coffee" → the run is the scene only when something else follows as a subject.
    end = last + 1;
  }
  return { run: tokens.slice(start, end), rest: [...tokens.slice(0, start), ...tokens.slice(end)] };
}

function timesIn(text: string): string[] {
  const lower = text.toLowerCase();
  const found = new Set<string>();
  if (/\b(morning|sunrise|dawn|breakfast|brunch)\b/.test(lower)) found.add('morning');
  if (/\b(afternoon|lunch|midday|noon)\b/.test(lower)) found.add('afternoon');
  if (/\b(evening|sunset|dusk|golden hour)\b/.test(lower)) found.add('evening');
  if (/\b(night|tonight|midnight)\b/.test(lower)) found.add('night');
  for (const day of dayNames) if (lower.includes(day)) found.add(day);
  if (/\bweekend\b/.test(lower)) found.add('weekend');
  if (/\b(rain|rainy|storm|stormy|snow|snowy)\b/.test(lower)) found.add('rain');
  if (/\b(sun|sunny|sunshine|beach|pool|summer|heatwave)\b/.test(lower)) found.add('sun');
  return [...found];
}

/** "my red lingerie set" from "new red lingerie set in black lace": the head, three words at most. */
function coreOf(subject: string[]): string[] {
  const headEnd = subject.findIndex(
    (word, index) => index > 0 && (prepositions.has(word.toLowerCase()) || word.toLowerCase() === 'and'),
  );
  let head = headEnd < 0 ? subject : subject.slice(0, headEnd);
  // "cosplay of Tifa": a short "of" phrase belongs to the core.
  if (headEnd > 0 && subject[headEnd]!.toLowerCase() === 'of') {
    const next = subject
      .slice(headEnd + 1)
      .findIndex((word) => prepositions.has(word.toLowerCase()) || word.toLowerCase() === 'and');
    const of = next < 0 ? subject.slice(headEnd) : subject.slice(headEnd, headEnd + 1 + next);
    if (of.length <= 3 && head.length <= 3) head = [...head, ...of];
  }
  const determiner = determiners.has(head[0]!.toLowerCase()) ? [head[0]!] : [];
  const rest = determiner.length ? head.slice(1) : head;
  return [...determiner, ...(rest.length > 3 && !rest.includes('of') ? rest.slice(-3) : rest)];
}

function isPlural(subject: string[]): boolean {
  const end = subject.findIndex((word, index) => index > 0 && prepositions.has(word.toLowerCase()));
  const head = (end < 0 ? subject : subject.slice(0, end)).at(-1)!.toLowerCase();
  return pluralWords.has(head) || (/[^su]s$/.test(head) && head.length > 3);
}

/** In the creator's voice: "new red set" → "my new red set"; a/an → my; names and "the …" stay. */
function voiced(subject: string[]): string {
  const [first, ...rest] = subject;
  const lower = first!.toLowerCase();
  if (subject.length === 2 && subject[1] === 'day' && dayPlaces.has(lower)) return subject.join(' '); // "gym day", not "my gym day"
  if (lower === 'a' || lower === 'an')
    return ['my', ...rest].join(' ').replace(/^my (little|few|bit)\b/, 'a $1');
  if (determiners.has(lower)) return [lower, ...rest].join(' ');
  if (/^[A-Z]/.test(first!) && first !== first!.toLowerCase() && /^[A-Z][a-z]*[A-Z]|^[A-Z]{2,}$/.test(first!))
    return subject.join(' ');
  if (isActivity(first!)) return [lower, ...rest].join(' ');
  return ['my', lower, ...rest].join(' ');
}

function sentenceOf(text: string): string | null {
  const sentence = trimEndChars(limitWords(text.trim().split(/\s+/), 16).join(' '), ',;:');
  if (!sentence) return null;
  return `${properCase(sentence.charAt(0).toUpperCase() + sentence.slice(1))}.`;
}

/** All capitals is shouting: written in lower case, known abbreviations kept. Single shouted words too. */
function unshout(text: string): string {
  const letters = text.match(/\p{L}/gu) ?? [];
  const upper = letters.filter((letter) => letter !== letter.toLowerCase()).length;
  const shouting = letters.length >= 4 && upper / letters.length > 0.6;
  return text.replace(/[\p{L}][\p{L}']*/gu, (word) => {
    if (acronyms.has(word)) return word;
    if (shouting || (word.length >= 3 && word === word.toUpperCase() && word !== word.toLowerCase()))
      return word.toLowerCase();
    return word;
  });
}

function stripRequest(text: string): string {
  let rest = text.trim();
  for (let round = 0; round < 3; round++) {
    const next = rest.replace(requestPattern, '').replace(postAboutPattern, '').trim();
    if (next === rest) break;
    rest = next;
  }
  return rest.replace(/^[,.:;!?\s-]+/, '').trim();
}

/** Days, months, holidays and "I" capitalised, whatever the prompt did. */
export function properCase(text: string): string {
  return text.replace(/[\p{L}][\p{L}']*/gu, (word) => {
    const lower = word.toLowerCase();
    if (dayNames.has(lower) || monthNames.has(lower) || holidays.has(lower.replace(/'/g, '')))
      return lower.charAt(0).toUpperCase() + word.slice(1);
    if (lower === 'i' || lower.startsWith("i'")) return `I${word.slice(1)}`;
    return word;
  });
}

function adjacentPair(text: string, keywords: string[]): string[] | null {
  const list = text.toLowerCase().split(/[^\p{L}\p{N}']+/u);
  for (let index = 0; index + 1 < list.length; index++) {
    if (keywords.includes(list[index]!) && keywords.includes(list[index + 1]!))
      return [list[index]!, list[index + 1]!];
  }
  return null;
}

const maxPhraseLength = 80;

/** At most `count` words and 80 characters; empty when even one word is longer (pasted noise). */
function limitWords(list: string[], count: number): string[] {
  const kept = list.slice(0, count);
  while (kept.length && kept.join(' ').length > maxPhraseLength) kept.pop();
  // A phrase does not end on a preposition or "and".
  while (
    kept.length > 1 &&
    (prepositions.has(kept.at(-1)!.toLowerCase()) || /^(and|or|the|a|an|my)$/i.test(kept.at(-1)!))
  )
    kept.pop();
  return kept;
}

/** "red dress" → "RedDress", for a hashtag. */
export function camelTag(list: string[]): string {
  return list.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}
