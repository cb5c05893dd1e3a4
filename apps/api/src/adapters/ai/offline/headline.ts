import { trimEndChars } from '@app/shared/trim-chars';
import type { Piece, PromptFacts } from './facts.js';
import { asSentence, capitalise, lowerStart } from './phrasing.js';
import { restoreLinks } from './prompt-text.js';
import type { Random } from './random.js';

/** Which links and handles a text may carry: all, only @handles (Reddit titles), or none. */
export type LinkMode = 'all' | 'handles' | 'none';

export interface RenderOptions {
  /** Lead first ("First nude post: topless on my balcony") or the prompt's own order. */
  order: 'lead' | 'prompt';
  /** Titles use each outfit's core ("red satin corset"), bodies the whole description. */
  short: boolean;
  links: LinkMode;
}

function withLinks(text: string, links: readonly string[], mode: LinkMode): string {
  const kept = text.replace(/\uE000(\d+)\uE000/g, (match, index: string) => {
    const link = links[Number(index)] ?? '';
    return mode === 'all' || (mode === 'handles' && link.startsWith('@')) ? match : '';
  });
  const said = restoreLinks(kept, links)
    .replace(/\s{2,}/g, ' ')
    .replace(/ ([,.!?:])/g, '$1');
  return trimEndChars(said.trim(), ': ').trim();
}

/** The prompt's sentences as lists of pieces, the lead moved first in the first one when asked. */
export function groups(facts: PromptFacts, order: RenderOptions['order']): Piece[][] {
  const byNumber = new Map<number, Piece[]>();
  for (const piece of facts.pieces) {
    const list = byNumber.get(piece.sentence) ?? [];
    list.push({ ...piece });
    byNumber.set(piece.sentence, list);
  }
  const result = [...byNumber.values()];
  const first = result[0];
  if (order === 'lead' && first && first.length > 1) {
    // "topless on my balcony, first nude post": the news leads, the picture follows.
    const index = first.findIndex(
      (piece, at) => at > 0 && piece.roles.has('first') && piece.kind === 'phrase',
    );
    if (index > 0 && first[0]!.joint !== ':' && !first.slice(1).some((piece) => piece.joint === ':')) {
      const [lead] = first.splice(index, 1);
      lead!.end = first.at(-1)!.end || lead!.end;
      first.at(-1)!.end = first.at(-1)!.end || '';
      first[0]!.joint = ':';
      first.unshift({ ...lead!, joint: '' });
    }
  }
  return result;
}

/** One sentence of pieces: "New OnlyFans set is live: red satin robe by candlelight, 40 photos and 20% off this week". */
export function renderGroup(pieces: Piece[], facts: PromptFacts, options: RenderOptions): string {
  const kept = pieces
    .map((piece) => ({
      piece,
      text: withLinks(options.short ? piece.short : piece.text, facts.links, options.links),
    }))
    .filter((each) => each.text);
  if (!kept.length) return '';
  const last = kept.at(-1)!.piece;
  const beforeLast = kept.at(-2)?.piece;
  // "40 photos and 20% off this week": the last two of a list of the same kind join with "and".
  const andLast =
    kept.length >= 3 &&
    !!beforeLast &&
    last.joint === ',' &&
    beforeLast.joint !== '' &&
    last.kind === 'phrase' &&
    beforeLast.kind === 'phrase' &&
    sameKind(last, beforeLast);
  let text = '';
  kept.forEach(({ piece, text: said }, index) => {
    const words = index === 0 ? capitalise(said) : lowerStart(said, piece.keepsCase);
    if (index === 0) text = words;
    else if (andLast && index === kept.length - 1 && !/\s(?:and|&)\s/.test(kept.at(-2)!.text + said))
      text += ` and ${words}`;
    else text += `${piece.joint === ':' ? ':' : ','} ${words}`;
  });
  const end = last.end === '?' || last.end === '!' ? last.end : '';
  return `${text}${end}`;
}

function sameKind(a: Piece, b: Piece): boolean {
  if (a.roles.has('offer') && b.roles.has('offer')) return !a.roles.has('link') && !b.roles.has('link');
  return a.roles.has('wear') && b.roles.has('wear');
}

/** The prompt as a title: every sentence that fits, the first always. */
export function headline(facts: PromptFacts, options: RenderOptions, max = 240): string {
  const sentences = groups(facts, options.order)
    .map((group) => renderGroup(group, facts, options))
    .filter(Boolean);
  let title = sentences[0] ?? '';
  for (const next of sentences.slice(1)) {
    const joined = `${/[.!?…]$/.test(title) ? title : `${title}.`} ${next}`;
    if (joined.length > max) break;
    title = joined;
  }
  return title;
}

/** How many of the prompt's sentences headline() took, so the body can say the rest. */
export function headlineSentences(facts: PromptFacts, options: RenderOptions, max = 240): number {
  const title = headline(facts, options, max);
  return groups(facts, options.order)
    .map((group) => renderGroup(group, facts, options))
    .filter(Boolean)
    .filter((sentence) => title.includes(sentence)).length;
}

/** The prompt's sentences from `from` on, for a body. */
export function restSentences(facts: PromptFacts, from: number, links: LinkMode): string[] {
  return groups(facts, 'lead')
    .map((group) => renderGroup(group, facts, { order: 'lead', short: false, links }))
    .filter(Boolean)
    .slice(from)
    .map(asSentence);
}

/**
 * The prompt retold as sentences, the picture in a frame of its own when the prompt describes it:
 * "This is my first nude post. Just me, topless on my balcony." Every piece is said exactly once.
 */
export function retold(facts: PromptFacts, random: Random, links: LinkMode): string[] | null {
  const [first, ...others] = groups(facts, 'lead');
  const pictured = first?.filter((piece) => piece.predicate) ?? [];
  if (!first || pictured.length !== 1) return null;
  const picture = pictured[0]!;
  const rest = first.filter((piece) => piece !== picture);
  const render = (pieces: Piece[]) =>
    asSentence(
      renderGroup(
        pieces.map((piece, index) => (index ? piece : { ...piece, joint: '' as const })),
        facts,
        { order: 'prompt', short: false, links },
      ),
    );
  const sentences: string[] = [];
  const lead = first[0] === picture ? null : rest.shift()!;
  if (lead) {
    const leadText = withLinks(lead.text, facts.links, links);
    const mine = facts.subject === 'we' ? 'our' : 'my';
    if (lead.kind === 'phrase' && lead.roles.has('first') && /^first\b/i.test(leadText) && random() < 0.6)
      sentences.push(`This is ${mine} ${lowerStart(leadText, false)}.`);
    else sentences.push(render([lead]));
  }
  const predicate = lowerStart(picture.predicate!, picture.keepsCase);
  const comma = /^(?:in|on|at|by|under|after|inside|outside|near|with)\b/i.test(predicate) ? ' ' : ', ';
  const frames =
    facts.subject === 'we'
      ? [`We're ${predicate}.`, `Just us${comma}${predicate}.`]
      : [
          `I'm ${predicate}.`,
          `Just me${comma}${predicate}.`,
          `Here I am${comma.trim() ? ',' : ''} ${predicate}.`,
        ];
  sentences.push(frames[Math.floor(random() * frames.length)]!);
  if (rest.length) sentences.push(render(rest));
  for (const group of others) sentences.push(render(group));
  return sentences
    .map((sentence) => sentence.replace(/\s{2,}/g, ' '))
    .filter((sentence) => sentence.length > 1);
}
