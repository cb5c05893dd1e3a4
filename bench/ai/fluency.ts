// A proxy for "reads as English": each title and each body's first sentence must parse as a clause
// or a noun phrase, say no word twice in a row, agree a/an, and leave nothing dangling. It catches
// broken frames ("No apologies for my set is live"), not dull copy: docs/ai-samples.md is for that.
import nlp from 'compromise';
import { trimEndChars } from '@app/shared/trim-chars';

const danglingEnd =
  /(?<![\w-])(?:a|an|the|my|your|our|his|her|their|and|or|but|to|of|in|on|at|for|with|from|by|is|are|was|were|into|than)$/i;
const aBeforeVowel = /(?<![\w&'-])a ([aeiou][\w-]*)/gi;
const anBeforeConsonant = /(?<![\w&'-])an ([b-df-hj-np-tv-z][\w-]*)/gi;
const vowelSoundsLikeConsonant = /^(?:one|once|uni|use|usu|eu|ur[aei]|u[bfgkst]i)/i;
const silentH = /^(?:hour|honest|honou?r|heir)/i;
const brokenPredicate = [
  '(is|are|was|were) #Adjective (is|are|was|were)',
  '(for|of|with|about) my #Adjective? #Noun+ (is|are) #Adjective',
];

/** What is read: the words, without emoji, tags, hashtags, links or handles. */
function plain(text: string): string {
  return text
    .replace(/\[[^\][]*\]/g, ' ')
    .replace(/#\w+/g, ' ')
    .replace(/@[\w.]*\w|\b(?:https?:\/\/)?(?:[\w-]+\.)+[a-z]{2,}\/\S*/gi, 'link')
    .replace(/\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|\uFE0F|\u200D|[\u{1F3FB}-\u{1F3FF}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function firstSentence(body: string): string {
  const text = plain(body.split('\n').find((line) => plain(line)) ?? '');
  return text.match(/^.+?[.!?](?=\s|$)/)?.[0] ?? text;
}

/** Why a title or sentence does not read as English; empty when it does. */
export function fluencyProblems(raw: string): string[] {
  const text = plain(raw);
  const problems: string[] = [];
  if (!/\p{L}/u.test(text)) return ['no words'];
  if (/^\p{Ll}/u.test(text)) problems.push('starts in lower case');
  const doubled = text.match(/\b(\p{L}+)\s+\1\b/iu);
  if (doubled) problems.push(`doubled "${doubled[1]}"`);
  for (const sentence of text.split(/(?<=[.!?…:])\s+|\s[-–—]\s/)) {
    const bare = trimEndChars(sentence, '.!?…:,;').trim();
    // Questions may end on a preposition ("What are you waiting for?"); statements may not.
    const particle = /\b(?:on|in|up|off)$/i.test(bare) && nlp(bare).has('#Noun (on|in|up|off)$');
    // "…but here we are", "that's who I am": a pronoun's copula closes a clause.
    const closedCopula = /\b(?:i|you|we|they|he|she|it|here|there|who)\s+(?:am|is|are|was|were)$/i.test(bare);
    if (danglingEnd.test(bare) && !sentence.trim().endsWith('?') && !particle && !closedCopula)
      problems.push(`dangling end "${bare.split(' ').at(-1)}"`);
    if (/[,;]$/.test(sentence.trim())) problems.push('ends on a comma');
    const doc = nlp(bare);
    // "…this good. Obviously": a lone word left hanging at the end, without its own punctuation.
    const last = sentence === text.split(/(?<=[.!?…:])\s+|\s[-–—]\s/).at(-1);
    if (
      bare.split(/\s+/).length === 1 &&
      last &&
      !/[.!?…]$/.test(sentence.trim()) &&
      doc.has('(#Adverb|#Conjunction|#Preposition)')
    )
      problems.push(`fragment "${bare}"`);
  }
  for (const [, word] of text.matchAll(aBeforeVowel))
    if (!vowelSoundsLikeConsonant.test(word!)) problems.push(`"a ${word}"`);
  for (const [, word] of text.matchAll(anBeforeConsonant))
    if (!silentH.test(word!)) problems.push(`"an ${word}"`);
  const doc = nlp(text);
  for (const pattern of brokenPredicate)
    if (doc.has(pattern)) problems.push(`broken predicate "${doc.match(pattern).text()}"`);
  // An imperative ("Look closer") is a complete clause with its subject understood.
  const clause =
    (doc.has('#Verb') && doc.has('(#Noun|#Pronoun|#Determiner|#QuestionWord)')) ||
    doc.has('^(#Imperative|#Infinitive)') ||
    doc.has("^(do|don't|never) not? #Verb");
  const nounPhrase = doc.has('(#Noun|#Pronoun|#Value)');
  if (!clause && !nounPhrase) problems.push('neither a clause nor a noun phrase');
  return problems;
}
