import type { AiPlatform, StyleHint } from '@app/shared/ai';
import type { CaptionProvider, Draft, GenerationTask, ProviderResult } from '../caption-provider.js';
import { createExpander, tidyText, type Rules } from './grammar.js';
import { captionShapes, hashtagCounts, sharedPhrases, titleShapes } from './phrase-bank.js';
import { communityPhotoNotes, frameSymbol, photoPhrases } from './photo-instructions.js';
import { between, freshRandom, pick, shuffled, type Random } from './random.js';
import { stylePhrases } from './style-phrases.js';
import { camelTag, readPrompt, type PromptTopic } from './topic.js';

export const offlineModelName = 'offline-writer-1';
const titlesPerPlatform: Record<AiPlatform, number> = { reddit: 3, twitter: 2, instagram: 2, tiktok: 2 };
const attemptsPerVariant = 12;

/** The chosen styles' phrases merged symbol by symbol, with the shared bank. */
function rulesFor(styles: StyleHint[]): Rules {
  const merged: Record<string, string[]> = {};
  for (const [symbol, alternatives] of Object.entries({ ...photoPhrases, ...sharedPhrases })) merged[symbol] = [...alternatives];
  for (const style of styles) {
    for (const [symbol, alternatives] of Object.entries(stylePhrases[style])) {
      (merged[symbol] ??= []).push(...alternatives);
    }
  }
  return merged;
}

function fixPunctuation(text: string): string {
  return text.replace(/([?!.…])\.(?!\.)/g, '$1').replace(/,\./g, '.');
}

function hashtagsFor(platform: AiPlatform, styles: StyleHint[], topic: PromptTopic, rules: Rules, random: Random): string[] {
  const { min, max } = hashtagCounts[platform];
  if (max === 0) return [];
  const count = between(min, max, random);
  const fromPrompt = [...(topic.pair ? [camelTag(topic.pair)] : []), ...topic.keywords];
  const fromStyles = shuffled(styles.flatMap((style) => stylePhrases[style].tag ?? []), random);
  const platformSymbol = platform === 'instagram' ? 'platformTagInstagram' : platform === 'tiktok' ? 'platformTagTiktok' : 'platformTagTwitter';
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

function writeOne(platform: AiPlatform, task: GenerationTask, topic: PromptTopic, rules: Rules, random: Random): Draft {
  const styles: StyleHint[] = task.styleHints.length ? task.styleHints : ['authentic'];
  const chooser = createExpander(rules, random);
  const writer = createExpander(rules, random, {
    topic: topic.topic ?? chooser.draw('topicFallback'),
    frame: chooser.draw(frameSymbol(platform)),
  });

  let body = fixPunctuation(writer.expand(pick(captionShapes[platform], random)));
  if (topic.statement && random() < 0.6) body = `${topic.statement} ${body}`;
  const titles: string[] = [];
  for (let index = 0; index < titlesPerPlatform[platform] * 3 && titles.length < titlesPerPlatform[platform]; index++) {
    const title = fixPunctuation(writer.expand(pick(titleShapes[platform], random))).replace(/[.]$/, '');
    if (title && !titles.includes(title)) titles.push(title);
  }
  const notes = communityPhotoNotes(platform === 'reddit' ? task.subreddit : null);
  const photoInstructions = tidyText([writer.expand('{photo}'), ...notes].join(' '));
  // Heuristic, not a measurement: higher when the prompt gave a subject and styles were chosen.
  const confidence = 0.58 + (topic.topic || topic.statement ? 0.1 : 0) + (task.styleHints.length ? 0.05 : 0) + random() * 0.08;
  return {
    platform,
    titles,
    body: tidyText(body),
    photoInstructions,
    hashtags: hashtagsFor(platform, styles, topic, rules, random),
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
  const rules = rulesFor(task.styleHints.length ? task.styleHints : ['authentic']);
  const drafts: Draft[] = [];
  for (const platform of task.platforms) {
    const seen = new Set<string>();
    for (let variant = 0; variant < task.variants; variant++) {
      let draft = writeOne(platform, task, topic, rules, random);
      for (let attempt = 1; attempt < attemptsPerVariant && (seen.has(draft.body) || seen.has(draft.titles[0]!)); attempt++) {
        draft = writeOne(platform, task, topic, rules, random);
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
    generate: async (task): Promise<ProviderResult> => ({ drafts: writeOffline(task, random), model: offlineModelName, tokensUsed: 0 }),
  };
}
