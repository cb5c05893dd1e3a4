import { captionText, platformLength, platformLimits, type AiPlatform } from '@app/shared/ai';
import type { Draft, GenerationTask } from '../caption-provider.js';
import type { VoicePlan } from './brand-voice.js';
import type { PromptFacts } from './facts.js';
import { hashtagsFor, photoTagWords } from './hashtags.js';
import { headline, headlineSentences, restSentences, retold, type LinkMode } from './headline.js';
import { createLinePicker, type LinePicker } from './line-picker.js';
import { capitalise, joinSentences, lowerStart } from './phrasing.js';
import { photoIdeas } from './photo-ideas.js';
import { pick, shuffled, type Random } from './random.js';
import { callsToAction } from './voices/platform-lines.js';
import type { StyleVoice } from './voices/types.js';

export interface WriteContext {
  task: GenerationTask;
  facts: PromptFacts;
  style: StyleVoice;
  voice: VoicePlan;
  random: Random;
  /** How often each voice line was used in this answer, so variants differ. */
  answerUse: Map<string, number>;
  /** Main titles already given in this answer: each variant leads with a title of its own. */
  answerTitles: Set<string>;
}

const spareHooks = [
  'Just posted this',
  'Something new for you',
  'Look what I made',
  'Made this for you',
  'This one is for you',
  'Hello, you',
];
const hooksPerPlatform: Record<AiPlatform, number> = { reddit: 3, twitter: 2, instagram: 2, tiktok: 2 };

/** One result for one platform: titles, body, hashtags and photo directions. */
export function writeDraft(platform: AiPlatform, context: WriteContext): Draft {
  const { facts, random, voice, style, task } = context;
  const lines = createLinePicker(facts, voice, random, context.answerUse);
  const written =
    platform === 'reddit' ? writeReddit(context, lines) : writeCaption(platform, context, lines);
  const confidence =
    0.6 + (facts.pieces.length ? 0.15 : 0) + (task.styleHints.length ? 0.05 : 0) + random() * 0.08;
  return {
    platform,
    ...written,
    photoInstructions: photoIdeas(
      platform,
      facts,
      style,
      random,
      platform === 'reddit' ? task.subreddit : null,
    ),
    confidence: Math.round(confidence * 100) / 100,
  };
}

function writeReddit(
  context: WriteContext,
  lines: LinePicker,
): Omit<Draft, 'platform' | 'photoInstructions' | 'confidence'> {
  const { facts, random, voice, style, task } = context;
  const linksAllowed = task.subreddit?.linksAllowed ?? true;
  const titleLinks: LinkMode = linksAllowed ? 'handles' : 'none';
  const titles: string[] = [];
  const modes = shuffled(['plain', 'tail', 'lead'] as const, random);
  // A prompt that was only a link has nothing left for a Reddit title where links are kept out.
  if (facts.pieces.length && headline(facts, { order: 'lead', short: true, links: titleLinks })) {
    const forms = [
      headline(facts, { order: 'lead', short: true, links: titleLinks }),
      headline(facts, { order: 'prompt', short: true, links: titleLinks }),
    ];
    // Sometimes the picture in a sentence of its own: "This is my first nude post. Just me, topless on my balcony".
    const told = random() < 0.5 ? retold(facts, random, titleLinks)?.join(' ').replace(/\.$/, '') : undefined;
    if (told && told.length <= 120 && facts.pieces.every((piece) => piece.sentence === 0)) forms[1] = told;
    for (const mode of modes) {
      // A lead goes before the prompt's own words, not before a retold sentence.
      const form = mode === 'lead' ? forms[0]! : (forms[titles.length % 2] ?? forms[0]!);
      const title = wrapTitle(form, mode, context, lines);
      if (title && !titles.includes(title)) titles.push(title);
    }
    // The variant leads with a title no earlier variant of the answer led with.
    const fresh = titles.findIndex((title) => !context.answerTitles.has(title));
    if (fresh > 0) titles.unshift(...titles.splice(fresh, 1));
    context.answerTitles.add(titles[0]!);
  }
  while (titles.length < hooksPerPlatform.reddit) {
    const hook = lines.pick(titles.length % 2 ? style.questions : style.openers);
    if (!hook) break;
    titles.push(asTitle(hook));
  }

  // The body says what the title could not hold (later sentences, links), then a word in the style.
  const said = headlineSentences(facts, { order: 'lead', short: true, links: titleLinks });
  const parts: string[] = [...restSentences(facts, said, linksAllowed ? 'all' : 'none')];
  const shape = pick<Slot[]>(
    [
      ['line', 'question'],
      ['opener', 'cta'],
      ['line'],
      ['question', 'cta'],
      ['line', 'closer'],
      ['opener', 'line', 'question'],
      ['line', 'question', 'cta'],
      ['opener', 'closer'],
    ],
    random,
  );
  for (const slot of shape) {
    const line = slotLine(slot, 'reddit', context, lines);
    if (line) parts.push(line);
  }
  let body = parts.join(' ');
  // Links the title left out go on a line of their own.
  const urls = linksAllowed ? facts.links.filter((link) => !link.startsWith('@')) : [];
  const promo = linksAllowed ? promoLine(context, 'reddit') : null;
  for (const line of [urls.join(' '), promo]) if (line) body = `${body}\n\n${line}`;
  if (voice.signature) body = `${body}\n\n${signature(context)}`;
  return { titles, body: body.trim(), hashtags: [] };
}

/** A line as a title: no full stop, unless it ends on a one- or two-word sentence ("Us? Obviously."). */
function asTitle(line: string): string {
  const last = line.split(/(?<=[.!?])\s+/).at(-1)!;
  return last.split(/\s+/).length >= 3 ? line.replace(/\.$/, '') : line;
}

type Slot = 'opener' | 'line' | 'question' | 'closer' | 'cta';

function slotLine(slot: Slot, platform: AiPlatform, context: WriteContext, lines: LinePicker): string | null {
  const { style, facts, voice } = context;
  let line: string | null;
  if (slot === 'cta') line = lines.pick(callsToAction[platform]);
  else if (slot === 'question' && facts.contexts.has('question')) line = lines.pick(style.closers);
  else
    line = lines.pick(
      style[
        slot === 'opener'
          ? 'openers'
          : slot === 'line'
            ? 'lines'
            : slot === 'question'
              ? 'questions'
              : 'closers'
      ],
      { own: slot !== 'question' },
    );
  if (
    line &&
    voice.address &&
    (slot === 'question' || slot === 'cta') &&
    context.random() < 0.6 &&
    !/,\s*\w+[?.!]$/.test(line)
  )
    line = line.replace(/([?.!])$/, `, ${voice.address}$1`);
  return line;
}

/** The prompt in a title, with the style's lead or tail, or plain. */
function wrapTitle(
  title: string,
  mode: 'plain' | 'tail' | 'lead',
  context: WriteContext,
  lines: LinePicker,
): string {
  const { style, voice, task, random } = context;
  let result = title;
  if (mode === 'lead') {
    const lead = lines.pick(style.titleLeads, {
      extra: (text) => !(text.endsWith(':') && title.includes(':')),
    });
    const keepsCase = context.facts.pieces[0]?.keepsCase ?? false;
    if (lead) result = lead.endsWith(':') ? `${lead} ${lowerStart(title, keepsCase)}` : `${lead} ${title}`;
  } else if (mode === 'tail') {
    const ended = /[?!…]$/.test(title);
    const tail = lines.pick(style.titleTails, { extra: (text) => !(ended && /^[,…]/.test(text)) });
    if (tail) result = ended ? `${title} ${capitalise(tail.replace(/^[.,]\s*/, ''))}` : `${title}${tail}`;
  }
  const emojiAllowed = !task.subreddit?.noEmoji && voice.emojis.length > 0;
  if (emojiAllowed && (voice.titleEmoji || (mode === 'plain' && random() < 0.2)))
    result = `${result} ${pick(voice.emojis, random)}`;
  return result;
}

function promoLine(context: WriteContext, platform: AiPlatform): string | null {
  const { voice, facts, random } = context;
  const link = voice.promoLink;
  if (!link || facts.links.some((own) => own.toLowerCase() === link.toLowerCase())) return null;
  const handle = link.startsWith('@');
  const frames = facts.contexts.has('offer')
    ? ['All of it here: {link}', 'Find it at {link}', '{link}']
    : handle
      ? ['Find me at {link}', 'More of me: {link}', '{link}']
      : ['More of me: {link}', 'More here: {link}', '{link}'];
  const frame =
    platform === 'instagram' && !handle
      ? pick(['{link}', 'More of me: {link}'], random)
      : pick(frames, random);
  return frame.replace('{link}', link);
}

function signature(context: WriteContext): string {
  const { voice, random } = context;
  if (voice.signOff) return `${voice.signOff}, ${voice.signature}`;
  return pick([`— ${voice.signature}`, `${voice.signature}`, `— ${voice.signature}`], random);
}

/** The prompt told in full, as the prompt's sentences or retold with the picture in a frame. */
function core(context: WriteContext): string[] {
  const { facts, random } = context;
  if (!facts.pieces.length) return [];
  const retelling = random() < 0.5 ? retold(facts, random, 'all') : null;
  return retelling ?? restSentences(facts, 0, 'all');
}

interface Shape {
  /** Paragraphs of slots; 'core' is the prompt told in full. */
  paragraphs: (Slot | 'core')[][];
}

const captionShapes: Record<Exclude<AiPlatform, 'reddit'>, Shape[]> = {
  twitter: [
    { paragraphs: [['core']] },
    { paragraphs: [['opener', 'core']] },
    { paragraphs: [['core', 'question']] },
    { paragraphs: [['core'], ['line']] },
    { paragraphs: [['core', 'cta']] },
    { paragraphs: [['core', 'closer']] },
  ],
  instagram: [
    { paragraphs: [['opener'], ['core'], ['question', 'cta']] },
    { paragraphs: [['core'], ['line'], ['cta']] },
    { paragraphs: [['opener', 'core'], ['line', 'closer'], ['cta']] },
    { paragraphs: [['core'], ['question']] },
    { paragraphs: [['opener'], ['core', 'line'], ['question'], ['cta']] },
    { paragraphs: [['core'], ['closer']] },
  ],
  tiktok: [
    { paragraphs: [['core', 'cta']] },
    { paragraphs: [['opener', 'core'], ['cta']] },
    { paragraphs: [['core'], ['question']] },
    { paragraphs: [['core'], ['line', 'cta']] },
  ],
};

function writeCaption(
  platform: Exclude<AiPlatform, 'reddit'>,
  context: WriteContext,
  lines: LinePicker,
): Omit<Draft, 'platform' | 'photoInstructions' | 'confidence'> {
  const { facts, random, voice, style, task } = context;
  const photoTags = photoTagWords(task.photo?.tags);
  const hashtags = hashtagsFor(platform, facts, style, voice, random, photoTags);
  const told = core(context);
  const shapes = shuffled(captionShapes[platform], random);
  // With samples, the caption aims at the creator's usual length; otherwise the first shape that fits.
  const candidates = shapes
    .slice(0, voice.length ? 3 : 1)
    .map((shape) => fill(shape, told, platform, context, lines));
  const fits = (body: string) =>
    platformLength(platform, captionText({ platform, body, hashtags })) <=
    platformLimits[platform].captionMax;
  let body = (
    voice.length
      ? [...candidates].sort(
          (a, b) => Math.abs(a.length - voice.length!) - Math.abs(b.length - voice.length!),
        )[0]
      : candidates[0]
  )!;
  if (!fits(body)) body = fill({ paragraphs: [['core']] }, told, platform, context, lines);
  const titles: string[] = [];
  for (
    let index = 0;
    index < hooksPerPlatform[platform] * 3 && titles.length < hooksPerPlatform[platform];
    index++
  ) {
    // The first hook is one no earlier variant of the answer led with.
    const fresh = titles.length ? undefined : (text: string) => !context.answerTitles.has(asTitle(text));
    const hook = lines.pick(index % 2 ? style.questions : style.openers, { extra: fresh });
    if (hook) titles.push(asTitle(hook));
  }
  // Every line of the style said something the prompt or the caption already says: a plain hook.
  if (!titles.length)
    titles.push(
      spareHooks.find((hook) => !context.answerTitles.has(hook) && context.voice.allows(hook)) ??
        pick(spareHooks, context.random),
    );
  context.answerTitles.add(titles[0]!);
  return { titles, body, hashtags };
}

function fill(
  shape: Shape,
  told: string[],
  platform: Exclude<AiPlatform, 'reddit'>,
  context: WriteContext,
  lines: LinePicker,
): string {
  const { voice, random } = context;
  const paragraphs = shape.paragraphs
    .map((slots) =>
      slots
        .flatMap((slot) => (slot === 'core' ? told : [slotLine(slot, platform, context, lines)]))
        .filter((line): line is string => !!line),
    )
    .map(joinSentences)
    .filter(Boolean);
  if (!paragraphs.length) paragraphs.push(slotLine('opener', platform, context, lines) ?? '');
  // Emojis go at the ends of paragraphs, as many as the voice allows.
  const budget = voice.emojis.length ? voice.emojiBudget[platform] : 0;
  const count = budget ? 1 + Math.floor(random() * budget) : 0;
  const own = voice.ownEmojis.length && random() < 0.8 ? [pick(voice.ownEmojis, random)] : [];
  const emojis = [...own, ...shuffled(voice.emojis, random).filter((emoji) => !own.includes(emoji))].slice(
    0,
    count,
  );
  const ends = shuffled(
    paragraphs.map((_, index) => index),
    random,
  );
  emojis.forEach((emoji, index) => {
    const at = ends[index % ends.length]!;
    // A second emoji at the same place joins the first: "🔥😈", not "🔥 😈".
    paragraphs[at] = index >= ends.length ? `${paragraphs[at]}${emoji}` : `${paragraphs[at]} ${emoji}`;
  });
  const promo = promoLine(context, platform);
  if (promo) paragraphs.push(promo);
  if (voice.signature) paragraphs.push(signature(context));
  return paragraphs.join(platform === 'twitter' ? '\n' : '\n\n').trim();
}
