import type { AiPlatform, StyleHint } from '@app/shared/ai';
import type { CaptionProvider, Draft, GenerationTask, ProviderResult } from '../caption-provider.js';
import { createExpander, tidyText, type Rules } from './grammar.js';
import { captionShapes, hashtagCounts, sharedPhrases, titleShapes } from './phrase-bank.js';
import { communityPhotoNotes, frameSymbol, photoPhrases } from './photo-instructions.js';
import { between, freshRandom, pick, shuffled, type Random } from './random.js';
import { stylePhrases } from './style-phrases.js';
import { camelTag, readPrompt, type PromptTopic } from './topic.js';
import { agreesWithTime, keyWords, ownWhen, phraseLedger } from './repetition.js';

export const offlineModelName = 'offline-writer-1';
const titlesPerPlatform: Record<AiPlatform, number> = { reddit: 3, twitter: 2, instagram: 2, tiktok: 2 };
const attemptsPerVariant = 12;

/** The chosen styles' phrases merged symbol by symbol, with the shared bank. */
function mergedRules(styles: StyleHint[]): Record<string, string[]> {
  const merged: Record<string, string[]> = {};
  for (const [symbol, alternatives] of Object.entries({ ...photoPhrases, ...sharedPhrases }))
    merged[symbol] = [...alternatives];
  for (const style of styles) {
    for (const [symbol, alternatives] of Object.entries(stylePhrases[style])) {
      (merged[symbol] ??= []).push(...alternatives);
    }
  }
  return merged;
}

/** Lines that would say "is" of a plural subject ("my new glasses is…"). */
const singularVerb = /\{topic(?:\.cap)?\},? (?:is|was|does|has)\b|\bit is \{topic/i;

interface TaskRules {
  /** With the lines that put the subject and the scene in different slots. */
  withScene: Rules;
  /** Without them: for a body that opens with the creator's own sentence. */
  plain: Rules;
}

/**
 * The rules for one prompt: lines that contradict its time, day or weather are left out, lines that
 * need a plural-proof subject too; its own time joins {when}; scene lines join titles and openers.
 */
function rulesFor(styles: StyleHint[], topic: PromptTopic): TaskRules {
  // What the rules depend on; the same styles and the same kind of prompt reuse them.
  const key = JSON.stringify([
    styles,
    topic.times,
    topic.plural,
    !!topic.scene,
    !!topic.thing,
    topic.statement,
  ]);
  const cached = rulesCache.get(key);
  if (cached) return cached;
  if (rulesCache.size >= 256) rulesCache.clear();
  const rules = buildRules(styles, topic);
  rulesCache.set(key, rules);
  return rules;
}

const rulesCache = new Map<string, TaskRules>();

function buildRules(styles: StyleHint[], topic: PromptTopic): TaskRules {
  const merged = mergedRules(styles);
  const plain: Record<string, string[]> = {};
  for (const [symbol, alternatives] of Object.entries(merged)) {
    const kept = alternatives.filter(
      (line) => agreesWithTime(line, topic.times) && !(topic.plural && singularVerb.test(line)),
    );
    plain[symbol] = kept.length ? kept : alternatives;
  }
  const own = ownWhen(topic.times);
  if (own) plain.when = [...plain.when!.filter((line) => line !== own), own, own];
  const withScene: Record<string, string[]> = { ...plain };
  if (topic.scene && topic.thing) {
    withScene.rtitle = [...plain.rtitle!, ...plain.pairTitle!];
    withScene.opener = [...plain.opener!, ...plain.pairOpener!];
  } else if (topic.scene) {
    withScene.rtitle = [...plain.rtitle!, ...plain.sceneTitle!];
    withScene.opener = [...plain.opener!, ...plain.sceneOpener!];
  }
  // No subject but a scene or a sentence: titles and openers speak of those, not of a stand-in "this one".
  if (!topic.topic && (topic.scene || topic.statement)) {
    for (const rules of [withScene, plain]) {
      for (const [symbol, least] of [
        ['rtitle', 4],
        ['opener', 2],
      ] as const) {
        const own = rules[symbol]!.filter((line) => !line.includes('{topic'));
        if (own.length >= least) rules[symbol] = own;
      }
    }
  }
  // The creator's own short sentence makes a good title as it is.
  if (topic.statement && topic.statement.split(' ').length <= 12)
    withScene.rtitle = [...withScene.rtitle!, topic.statement.replace(/[.]$/, '')];
  return { withScene, plain };
}

function fixPunctuation(text: string): string {
  return text.replace(/([?!.…])\.(?!\.)/g, '$1').replace(/,\./g, '.');
}

function hashtagsFor(
  platform: AiPlatform,
  styles: StyleHint[],
  topic: PromptTopic,
  rules: Rules,
  random: Random,
): string[] {
  const { min, max } = hashtagCounts[platform];
  if (max === 0) return [];
  const count = between(min, max, random);
  const fromPrompt = [...(topic.pair ? [camelTag(topic.pair)] : []), ...topic.keywords];
  const fromStyles = shuffled(
    styles.flatMap((style) => stylePhrases[style].tag ?? []),
    random,
  );
  const platformSymbol =
    platform === 'instagram'
      ? 'platformTagInstagram'
      : platform === 'tiktok'
        ? 'platformTagTiktok'
        : 'platformTagTwitter';
  const fromPlatform = shuffled(rules[platformSymbol] ?? [], random);
  // Prompt words lead; style and platform tags are interleaved so each result mixes them differently.
  const pool = [...shuffled(fromPrompt, random).slice(0, 2 + Math.floor(random() * 2))];
  while (fromStyles.length || fromPlatform.length) {
    const source = random() < 0.55 ? fromStyles : fromPlatform;
    const next = (source.length ? source : fromStyles.length ? fromStyles : fromPlatform).shift();
    if (next) pool.push(next);
  }
  return [...new Set(pool)].slice(0, count);
}

const titleAttempts = 8;
const bodyAttempts = 8;
/** Bodies for the last tries: voice only, so they cannot repeat the prompt. */
const plainShapes: Record<AiPlatform, string> = {
  reddit: '{line} {redditCta?}',
  twitter: '{line} {emoji}',
  instagram: '{line} {emoji}\n\n{question} {instagramCta}',
  tiktok: '{line} {emoji} {tiktokCta}',
};

function writeOne(
  platform: AiPlatform,
  task: GenerationTask,
  topic: PromptTopic,
  keys: ReadonlySet<string>,
  rules: TaskRules,
  random: Random,
): Draft {
  const styles: StyleHint[] = task.styleHints.length ? task.styleHints : ['authentic'];
  const chooser = createExpander(rules.plain, random);
  const frame = chooser.draw(frameSymbol(platform));
  // Without a subject: a general one, or a neutral "this one" when the prompt gave a scene or a sentence.
  const fallback = chooser.draw(topic.scene || topic.statement ? 'topicNeutral' : 'topicFallback');
  const mentions = (text: string) =>
    keys.size === 0 || (text.toLowerCase().match(/[\p{L}][\p{L}']*/gu) ?? []).some((word) => keys.has(word));

  // Titles are short: the core of the subject ("my red lingerie set") and the first part of the scene.
  const titleWriter = createExpander(rules.withScene, random, {
    topic: topic.short ?? fallback,
    thing: topic.thing ?? fallback,
    scene: topic.sceneShort ?? '',
    frame,
  });
  // Everything one result says, so that it never says a phrase twice.
  const ledger = phraseLedger(keys);
  const titles: string[] = [];
  const wanted = titlesPerPlatform[platform];
  function writeTitles(named: boolean): void {
    const usedShapes = new Set<string>();
    for (let index = 0; index < wanted * titleAttempts && titles.length < wanted; index++) {
      const shape = pick(titleShapes[platform], random);
      // A shape with its own words ("Feeling {adj} {when}") shows once per result.
      if (usedShapes.has(shape)) continue;
      const title = fixPunctuation(titleWriter.expand(shape)).replace(/[.]$/, '');
      if (!title || titles.includes(title)) continue;
      // Unless the prompt is named elsewhere, the first title names it.
      if (!titles.length && !named && index < wanted * 4 && !mentions(title)) continue;
      if (!ledger.add(title)) continue;
      titles.push(title);
      if (/^[^{]*\w|\}[^{}]*\w/.test(shape)) usedShapes.add(shape);
    }
    // Rarely every try repeated something: a question is short and names nothing.
    for (let index = 0; index < 12 && titles.length === 0; index++) {
      const title = fixPunctuation(titleWriter.expand('{question}'));
      if (ledger.add(title) || index === 11) titles.push(title);
    }
  }

  // The body: opens with the creator's own sentence (then names the subject no more) or talks about
  // the subject and the scene; written again when it says something twice.
  let body = '';
  let writer = createExpander(rules.withScene, random);
  function writeBody(named: boolean): void {
    for (let attempt = 0; attempt < bodyAttempts + 4; attempt++) {
      const last = attempt >= bodyAttempts - 2;
      const useStatement = !last && topic.statement !== null && random() < 0.35;
      writer = createExpander(useStatement && topic.topic ? rules.plain : rules.withScene, random, {
        topic: useStatement ? chooser.draw('topicNeutral') : (topic.topic ?? fallback),
        thing: topic.thing ?? fallback,
        scene: topic.scene ?? '',
        frame,
      });
      const shape = last ? plainShapes[platform] : pick(captionShapes[platform], random);
      body = fixPunctuation(writer.expand(shape));
      if (useStatement) body = `${topic.statement} ${body}`;
      // Most bodies talk about the prompt when nothing else did; some are all voice.
      if (!named && !mentions(body) && attempt < bodyAttempts / 2 && random() >= 0.25) continue;
      if (ledger.add(body)) return;
    }
  }

  // A Reddit post is its title: it names the prompt and the body adds to it. Elsewhere the caption
  // comes first and the titles are extra hooks.
  if (platform === 'reddit') {
    writeTitles(false);
    writeBody(titles.some(mentions));
  } else {
    writeBody(false);
    writeTitles(mentions(body));
  }

  const notes = communityPhotoNotes(platform === 'reddit' ? task.subreddit : null);
  const photoInstructions = tidyText([writer.expand('{photo}'), ...notes].join(' '));
  // Heuristic, not a measurement: higher when the prompt gave a subject and styles were chosen.
  const confidence =
    0.58 +
    (topic.topic || topic.statement || topic.scene ? 0.1 : 0) +
    (task.styleHints.length ? 0.05 : 0) +
    random() * 0.08;
  return {
    platform,
    titles,
    body: tidyText(body),
    photoInstructions,
    hashtags: hashtagsFor(platform, styles, topic, rules.plain, random),
    confidence: Math.round(confidence * 100) / 100,
  };
}

/**
 * The built-in writer: no network, a few milliseconds. Copy comes from a curated phrase bank per
 * style, put together by grammar shapes per platform, so results differ in structure as well as
 * words; variants of one platform in one answer are never equal.
 */
export function writeOffline(task: GenerationTask, random: Random = freshRandom()): Draft[] {
  const topic = readPrompt(task.prompt);
  const rules = rulesFor(task.styleHints.length ? task.styleHints : ['authentic'], topic);
  const keys = keyWords(topic);
  const drafts: Draft[] = [];
  for (const platform of task.platforms) {
    const seen = new Set<string>();
    for (let variant = 0; variant < task.variants; variant++) {
      let draft = writeOne(platform, task, topic, keys, rules, random);
      for (
        let attempt = 1;
        attempt < attemptsPerVariant && (seen.has(draft.body) || seen.has(draft.titles[0]!));
        attempt++
      ) {
        draft = writeOne(platform, task, topic, keys, rules, random);
      }
      seen.add(draft.body);
      seen.add(draft.titles[0]!);
      drafts.push(draft);
    }
  }
  return drafts;
}

export function createOfflineProvider(random?: Random): CaptionProvider {
  return {
    name: 'offline',
    model: offlineModelName,
    generate: async (task): Promise<ProviderResult> => ({
      drafts: writeOffline(task, random),
      model: offlineModelName,
      tokensUsed: 0,
    }),
  };
}
