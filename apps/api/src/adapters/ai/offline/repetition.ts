import type { PromptTopic } from './topic.js';

/** Times of day, days and weather a line of copy speaks of, by the words that give them away. */
const lineTimes: [string, RegExp][] = [
  ['morning', /\b(morning|coffee|sunrise|breakfast|brunch|dawn)\b/i],
  ['afternoon', /\bafternoon\b/i],
  ['evening', /\b(evening|golden[ -]hour|sun went down|sunset|blue-hour|dusk)\b/i],
  ['night', /\b(night|tonight|midnight|goodnight|in the dark|lights go down|quiet hours|after dark)\b/i],
  ['weekend', /\bweekend\b/i],
  ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map(
    (day): [string, RegExp] => [day, new RegExp(`\\b${day}\\b`, 'i')],
  ),
  ['rain', /\b(rain|rainy|storm)\b/i],
  ['sun', /\b(sun|sunny|golden[ -]hour|sunshine)\b/i],
];
const dayTimes = new Set(['morning', 'afternoon', 'evening', 'night']);
const days = new Set([
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'weekend',
]);

/**
 * False when a line names a time, day or weather other than the prompt's: "before the sun went down"
 * for a prompt about the morning, "this Friday" for one about Sunday, "sunny" when it rains.
 */
export function agreesWithTime(line: string, times: readonly string[]): boolean {
  if (!times.length) return true;
  const promptTimes = times.filter((time) => dayTimes.has(time));
  const promptDays = times.filter((time) => days.has(time));
  for (const [time, pattern] of lineTimes) {
    if (!pattern.test(line)) continue;
    if (dayTimes.has(time) && promptTimes.length) {
      if (!promptTimes.includes(time)) return false;
    }
    if (days.has(time) && promptDays.length) {
      const weekend =
        (time === 'weekend' && promptDays.some((day) => day === 'saturday' || day === 'sunday')) ||
        ((time === 'saturday' || time === 'sunday') && promptDays.includes('weekend'));
      if (!promptDays.includes(time) && !weekend) return false;
    }
    // A beach or pool day is a day: no midnight, unless the prompt says when.
    if (time === 'night' && times.includes('sun') && !promptTimes.length) return false;
    if (time === 'sun' && times.includes('rain')) return false;
    if (time === 'rain' && times.includes('sun')) return false;
  }
  return true;
}

/** The prompt's own time as {when} says it: "this Sunday morning", "tonight", "this weekend". */
export function ownWhen(times: readonly string[]): string | null {
  const time = times.find((each) => dayTimes.has(each));
  const day = times.find((each) => days.has(each));
  const named = day && day !== 'weekend' ? day.charAt(0).toUpperCase() + day.slice(1) : null;
  if (named && time) return `this ${named} ${time}`;
  if (named) return `this ${named}`;
  if (day === 'weekend') return time === 'night' ? 'tonight' : 'this weekend';
  if (time) return time === 'night' ? 'tonight' : `this ${time}`;
  return null;
}

const functionWords = new Set(
  `a an the and or but so to of in on at for with my me i you your it is are was be this that just not no do does
  did am i'm it's what who how if as up out all more too very from by into over one we our they them he she his her
  i'll i've let here there where when than then can will would should could`.split(/\s+/),
);
const timeWords = new Set([
  'morning',
  'afternoon',
  'evening',
  'night',
  'tonight',
  'midnight',
  'sunrise',
  'sunset',
  'weekend',
  ...days,
]);

/** The prompt's own words the copy must not say twice in one text ("red", "set", "sunday", "bed"). */
export function keyWords(topic: PromptTopic): Set<string> {
  const words = `${topic.topic ?? ''} ${topic.scene ?? ''}`.toLowerCase().match(/[\p{L}][\p{L}']*/gu) ?? [];
  return new Set(words.filter((word) => word.length >= 3 && !functionWords.has(word)));
}

/**
 * What one result has said so far, to refuse a text that says the same thing twice: a phrase (three
 * words, or two words that carry meaning) that occurs twice anywhere in the result, or, within one
 * text, a prompt word or a time word twice ("Sunday morning… this Sunday").
 */
export function phraseLedger(keys: ReadonlySet<string>) {
  const seen = new Set<string>();
  // Titles come from a small bank and are tried again and again: read each text once per prompt.
  let known = readTexts.get(keys);
  if (!known) readTexts.set(keys, (known = new Map()));
  const cache = known;

  function phrasesOf(text: string): string[] | null {
    let phrases = cache.get(text);
    if (phrases === undefined) {
      if (cache.size > 5000) cache.clear();
      cache.set(text, (phrases = readText(text)));
    }
    return phrases;
  }

  /** The text's phrases, or null when the text repeats itself. */
  function readText(text: string): string[] | null {
    const words =
      text
        .toLowerCase()
        .replace(/[’‘]/g, "'")
        .match(/[\p{L}\p{N}][\p{L}\p{N}']*/gu) ?? [];
    const counted = new Set<string>();
    for (const each of words) {
      const word = each.endsWith('night') ? 'night' : each; // "last night… tonight", "goodnight" say night twice
      if (!keys.has(word) && !timeWords.has(word)) continue;
      if (counted.has(word)) return null;
      counted.add(word);
    }
    const phrases = new Set<string>();
    for (let index = 0; index + 1 < words.length; index++) {
      const grams: string[] = [];
      if (index + 2 < words.length) grams.push(`${words[index]} ${words[index + 1]} ${words[index + 2]}`);
      if (!functionWords.has(words[index]!) && !functionWords.has(words[index + 1]!))
        grams.push(`${words[index]} ${words[index + 1]}`);
      for (const gram of grams) {
        if (phrases.has(gram)) return null;
        phrases.add(gram);
      }
    }
    return [...phrases];
  }

  return {
    /** Adds the text to the result when it says nothing twice; false (and nothing added) when it does. */
    add(text: string): boolean {
      const phrases = phrasesOf(text);
      if (!phrases || phrases.some((phrase) => seen.has(phrase))) return false;
      for (const phrase of phrases) seen.add(phrase);
      return true;
    },
  };
}

const readTexts = new WeakMap<ReadonlySet<string>, Map<string, string[] | null>>();

/** True when the texts of one result say the same thing twice (see phraseLedger). */
export function repeatsItself(texts: readonly string[], keys: ReadonlySet<string>): boolean {
  const ledger = phraseLedger(keys);
  return !texts.every((text) => ledger.add(text));
}
