import type { Context, PromptFacts } from './facts.js';
import type { VoicePlan } from './brand-voice.js';
import { forSubject } from './phrasing.js';
import type { Random } from './random.js';
import type { Lines } from './voices/types.js';

const stopwords = new Set(
  `a an the and or but so to of in on at for with my me i we our you your it is are was be this that just
  not no do what who how if as all more too very from by one here there when than then can will i'm it's
  you're don't i'll we're let's us be have has`.split(/\s+/),
);
const contentWords = (text: string) =>
  (
    text
      .toLowerCase()
      .replace(/[’']/g, "'")
      .match(/[\p{L}][\p{L}']*/gu) ?? []
  ).filter((word) => word.length > 2 && !stopwords.has(word));

/**
 * Chooses voice lines for one result: lines that fit the prompt's kind first, the creator's
 * favoured words next, never a line twice in one result, never one that repeats a word of the prompt
 * or of an earlier line ("Proud of this one. Proud? Completely."), and least used across the answer.
 */
export function createLinePicker(
  facts: PromptFacts,
  voice: VoicePlan,
  random: Random,
  answerUse: Map<string, number>,
) {
  const said = new Set(contentWords(facts.pieces.map((piece) => piece.text).join(' ')));
  const usedLines = new Set<string>();

  function eligible(lines: Lines, extra: (text: string) => boolean = () => true) {
    return lines
      .map((line) => (typeof line === 'string' ? { text: line } : line))
      .filter(
        (line) =>
          (!line.when || line.when.some((context: Context) => facts.contexts.has(context))) &&
          !(line.solo && facts.subject === 'we'),
      )
      .map((line) => ({ ...line, text: forSubject(line.text.replace(/’/g, "'"), facts.subject) }))
      .filter(
        (line) =>
          voice.allows(line.text) &&
          !usedLines.has(line.text) &&
          extra(line.text) &&
          !contentWords(line.text).some((word) => said.has(word)),
      );
  }

  function pick(
    lines: Lines,
    options: { extra?: (text: string) => boolean; own?: boolean } = {},
  ): string | null {
    const candidates = eligible(lines, options.extra);
    // The creator's own sentences stand in for a voice line half of the time.
    if (options.own && voice.ownLines.length && random() < 0.5) {
      const own = voice.ownLines.filter(
        (line) => !usedLines.has(line) && !contentWords(line).some((word) => said.has(word)),
      );
      if (own.length) return take(own[Math.floor(random() * own.length)]!);
    }
    if (!candidates.length) return null;
    const score = (line: { text: string; when?: readonly Context[] }) =>
      (line.when ? 1 : 0) +
      (contentWords(line.text).some((word) => voice.favoured.has(word)) ? 3 : 0) -
      (answerUse.get(line.text) ?? 0) * 1.5 +
      random() * 3;
    let best = candidates[0]!;
    let bestScore = score(best);
    for (const candidate of candidates.slice(1)) {
      const value = score(candidate);
      if (value > bestScore) [best, bestScore] = [candidate, value];
    }
    return take(best.text);
  }

  function take(text: string): string {
    usedLines.add(text);
    answerUse.set(text, (answerUse.get(text) ?? 0) + 1);
    for (const word of contentWords(text)) said.add(word);
    return text;
  }

  return { pick, take, mentions: (text: string) => contentWords(text).some((word) => said.has(word)) };
}

export type LinePicker = ReturnType<typeof createLinePicker>;
