import { trimChars, trimEndChars } from '@app/shared/trim-chars';
import { brandCase, dayNames, monthNames, requestPattern } from './lexicon.js';

export const linkPattern =
  /(?<![\w@])@[A-Za-z0-9_](?:[\w.]*\w)?|\b(?:https?:\/\/)?(?:[\w-]+\.)+(?:com|me|ee|tv|co|link|net|org|bio|page|io)\/[^\s,]+/gi;
const emojiPattern =
  /(?:\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}]|[\u{1F1E6}-\u{1F1FF}]|\u200d|\ufe0f)+/gu;
const holidays = new Set(['christmas', 'halloween', 'easter', "valentine's", 'valentines', 'thanksgiving']);
const acronyms = new Set([
  'NYC',
  'LA',
  'UK',
  'USA',
  'US',
  'OF',
  'POV',
  'OOTD',
  'GRWM',
  'BTS',
  'DIY',
  'PR',
  'EST',
  'PPV',
]);

export interface CleanPrompt {
  /** The prompt's words as the copy may use them: no request words, tags, emoji or shouting. */
  text: string;
  /** Links and @handles, as written. */
  links: string[];
}

/**
 * The creator's words, tidied the way they would tidy them: request boilerplate ("write a caption
 * for…"), bracket tags, emoji and shouting go; links and handles are set aside (the writer places
 * them); brands, days, months and holidays get their capitals.
 */
export function cleanPrompt(prompt: string): CleanPrompt {
  const links: string[] = [];
  let text = prompt
    .replace(/[’‘]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\[[^[\]]*\]/g, ' ')
    .replace(linkPattern, (link) => {
      links.push(link);
      return ` \uE000${links.length - 1}\uE000 `;
    })
    .replace(emojiPattern, ', ')
    .replace(/#(?=\p{L})/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/ ([,.!?:;])/g, '$1')
    .replace(/,(?=[^\s\d])/g, ', ')
    .replace(/([,.!?:;])(?:\s*[,])+/g, '$1')
    .replace(/([!?.])\1+/g, '$1')
    .trim();
  text = unshout(text);
  for (let round = 0; round < 3; round++) {
    const next = text
      .replace(requestPattern, '')
      .replace(/^(?:i\s+(?:want|need)\s+to\s+)?(?:post|write|talk)\s+about\s+/i, '');
    if (next === text) break;
    text = next.trim();
  }
  // "a mirror selfie" reads as a title without its article: "Mirror selfie".
  text = trimChars(text, ',.:;!? -') === '' ? '' : text;
  text = text.replace(/^[,.:;!? -]+/, '').replace(/^an? (?=\S)/i, '');
  if (/[.!?]$/.test(text) === false) text = trimEndChars(text, ',:; -');
  return { text: properCase(text), links };
}

/** Puts the links back where they were, as written. */
export function restoreLinks(text: string, links: readonly string[]): string {
  return text.replace(/\uE000(\d+)\uE000/g, (_match, index: string) => links[Number(index)] ?? '');
}

/** All capitals is shouting: written in lower case, known abbreviations kept. */
function unshout(text: string): string {
  const letters = text.match(/\p{L}/gu) ?? [];
  const upper = letters.filter((letter) => letter !== letter.toLowerCase()).length;
  const shouting = letters.length >= 4 && upper / letters.length > 0.6;
  return text.replace(/[\p{L}][\p{L}']*/gu, (word) => {
    if (acronyms.has(word) || brandCase[word.toLowerCase()] === word) return word;
    if (shouting || (word.length >= 3 && word === word.toUpperCase() && word !== word.toLowerCase()))
      return word.toLowerCase();
    return word;
  });
}

/** Days, months, holidays, brands and "I" as they are written, whatever the prompt did. */
export function properCase(text: string): string {
  return text.replace(/[\p{L}][\p{L}'&]*/gu, (word) => {
    const lower = word.toLowerCase();
    const brand = brandCase[lower];
    if (brand) return brand;
    const bare = lower.replace(/'s$/, '');
    if (dayNames.has(bare) || monthNames.has(bare) || holidays.has(lower) || holidays.has(bare))
      return word.charAt(0).toUpperCase() + word.slice(1);
    if (lower === 'i' || lower.startsWith("i'")) return `I${word.slice(1)}`;
    return word;
  });
}
