import type { StyleHint } from '@app/shared/ai';
import type { CaptionProvider, Draft, GenerationTask, ProviderResult } from '../caption-provider.js';
import { planVoice } from './brand-voice.js';
import { writeDraft } from './compose.js';
import { readFacts } from './facts.js';
import { freshRandom, type Random } from './random.js';
import { styleVoices } from './style-voices.js';

// Part of the cache key (CaptionWriter.identity): a rewritten writer takes a new name, so answers
// cached from the old one are not served again.
export const offlineModelName = 'built-in-writer-2';
const attemptsPerVariant = 12;

/**
 * The built-in writer: no network, a few milliseconds. The prompt is read into facts (facts.ts);
 * every result retells all of them (numbers, prices, names, offers) and adds none (no time, place,
 * light or clothing of its own); the chosen style gives the voice around them (voices/*). With
 * several styles, variants take turns. Variants of one platform in one answer are never equal.
 */
export function writeOffline(task: GenerationTask, random: Random = freshRandom()): Draft[] {
  const facts = readFacts(task.prompt);
  const styles: StyleHint[] = task.styleHints.length ? task.styleHints : ['authentic'];
  const answerUse = new Map<string, number>();
  const answerTitles = new Set<string>();
  const drafts: Draft[] = [];
  for (const platform of task.platforms) {
    const seen = new Set<string>();
    for (let variant = 0; variant < task.variants; variant++) {
      const style = styleVoices[styles[variant % styles.length]!];
      const voice = planVoice(task.voice, style.emojis);
      const write = () =>
        writeDraft(platform, { task, facts, style, voice, random, answerUse, answerTitles });
      let draft = write();
      for (
        let attempt = 1;
        attempt < attemptsPerVariant && (seen.has(draft.body) || seen.has(draft.titles[0]!));
        attempt++
      )
        draft = write();
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
    // It reads the photo's tags (task.photo.tags), never its pixels.
    acceptsImages: false,
    generate: async (task): Promise<ProviderResult> => ({
      drafts: writeOffline(task, random),
      model: offlineModelName,
      tokensUsed: 0,
    }),
  };
}
