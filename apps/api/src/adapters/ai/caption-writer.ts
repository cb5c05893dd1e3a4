import { aiTexts, type AiPlatform, type AiProviderName } from '@app/shared/ai';
import {
  ProviderFailure,
  type CaptionProvider,
  type Draft,
  type GenerationTask,
} from './caption-provider.js';
import { fitDraft } from './platform-fit.js';

export interface WrittenResult extends Draft {
  /** Who wrote this one: with a partial fallback, one answer mixes both. */
  source: AiProviderName;
}

export interface Writing {
  results: WrittenResult[];
  model: string;
  tokensUsed: number;
  provider: AiProviderName;
  notice: string | null;
  /** Set when the configured AI service failed (for the log; never shown with details). */
  failure: ProviderFailure | null;
}

const fillRounds = 3;

/**
 * Writes with the configured provider and makes every result obey its platform (fitDraft). When
 * the AI service fails, the built-in writer answers instead and the answer says so; platforms it
 * left short of the requested variants (after broken results were dropped) are filled the same way.
 */
export function createCaptionWriter(primary: CaptionProvider, offline: CaptionProvider) {
  async function write(task: GenerationTask): Promise<Writing> {
    let failure: ProviderFailure | null = null;
    let model: string;
    let tokensUsed = 0;
    let drafts: Draft[];
    let source: AiProviderName = primary.name;
    try {
      ({ drafts, model, tokensUsed } = await primary.generate(task));
    } catch (error) {
      failure =
        error instanceof ProviderFailure
          ? error
          : new ProviderFailure('connection', 'The AI service request failed');
      source = 'offline';
      ({ drafts, model } = await offline.generate(task));
    }

    const byPlatform = new Map<AiPlatform, WrittenResult[]>(task.platforms.map((platform) => [platform, []]));
    const accept = (draft: Draft, from: AiProviderName) => {
      const kept = byPlatform.get(draft.platform);
      if (!kept || kept.length >= task.variants) return;
      const fitted = fitDraft(draft, task);
      if (!fitted || kept.some((other) => other.body === fitted.body && other.titles[0] === fitted.titles[0]))
        return;
      kept.push({ ...fitted, source: from });
    };
    drafts.forEach((draft) => accept(draft, source));

    let filled = false;
    for (let round = 0; round < fillRounds; round++) {
      const short = task.platforms.filter((platform) => byPlatform.get(platform)!.length < task.variants);
      if (short.length === 0) break;
      filled ||= source !== 'offline';
      const extra = await offline.generate({ ...task, platforms: short });
      extra.drafts.forEach((draft) => accept(draft, 'offline'));
    }

    const results = task.platforms.flatMap((platform) => byPlatform.get(platform)!);
    const notice = failure ? aiTexts.offlineFallback : filled ? aiTexts.partialFallback : null;
    return { results, model, tokensUsed, provider: source, notice, failure };
  }

  return {
    write,
    /** Who writes on this install (GET /api/ai/writer); the built-in writer only stands in for it. */
    provider: primary.name,
    model: primary.model,
    /** Part of the cache key: a change of provider, model or of seeing photos must not serve old answers. */
    identity: `${primary.name}:${primary.model}${primary.acceptsImages ? ':vision' : ''}`,
    /** Whether a request's photo is worth preparing as an image for the configured provider. */
    acceptsImages: primary.acceptsImages ?? false,
  };
}

export type CaptionWriter = ReturnType<typeof createCaptionWriter>;
