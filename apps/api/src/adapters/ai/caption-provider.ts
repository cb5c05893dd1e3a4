import type { AiPlatform, AiProviderName, StyleHint } from '@app/shared/ai';

/** The rules of the target subreddit that titles must obey, read from the communities data. */
export interface SubredditTitleRules {
  name: string;
  /** Each group is the tags one of which a title must carry, e.g. ['[F]', '[M]', '[MF]']. */
  requiredTags: string[][];
  noEmoji: boolean;
  /** The rule sentences as the community states them, for the AI's instructions. */
  titleRules: string[];
  watermarksAllowed: boolean | null;
  verificationRequired: boolean;
  /** False when a rule forbids links or promotion: no link or handle is added to the post. */
  linksAllowed: boolean;
}

/**
 * How a creator sounds (set once in settings): who signs, what to promote, words and emojis to use
 * and to avoid, how many emojis, and a few captions of their own. Every field is optional.
 */
export interface BrandVoice {
  /** Display name or handle to sign with ("Luna", "@lunafox"). */
  signature?: string;
  /** The link or handle to promote ("onlyfans.com/luna", "@lunafox"). */
  promoLink?: string;
  useWords?: string[];
  avoidWords?: string[];
  useEmojis?: string[];
  avoidEmojis?: string[];
  emojiLevel?: 'none' | 'low' | 'medium' | 'high';
  /** Captions the creator wrote; their sentences, words, emojis and length are borrowed. */
  samples?: string[];
}

/**
 * The gallery photo a request names. Its tags are facts about the picture the creator wrote
 * herself; `dataUrl` (a small JPEG without metadata) is set only for a provider that accepts images.
 */
export interface TaskPhoto {
  tags: string[];
  dataUrl?: string;
}

/** One validated, normalised request, as every provider receives it. */
export interface GenerationTask {
  prompt: string;
  platforms: AiPlatform[];
  styleHints: StyleHint[];
  variants: number;
  subreddit: SubredditTitleRules | null;
  voice?: BrandVoice;
  photo?: TaskPhoto;
}

/** One result before platform rules are enforced on it. */
export interface Draft {
  platform: AiPlatform;
  titles: string[];
  body: string;
  photoInstructions: string;
  hashtags: string[];
  confidence: number;
}

export interface ProviderResult {
  drafts: Draft[];
  model: string;
  tokensUsed: number;
}

/** One way of writing captions: an AI service, or the built-in writer. */
export interface CaptionProvider {
  readonly name: AiProviderName;
  readonly model: string;
  /** True when `task.photo.dataUrl` is looked at (AI_VISION); others write from the tags. */
  readonly acceptsImages?: boolean;
  generate(task: GenerationTask): Promise<ProviderResult>;
}

/** Why an AI service's answer could not be used; the caller falls back to the built-in writer. */
export class ProviderFailure extends Error {
  constructor(
    readonly reason: 'timeout' | 'http' | 'connection' | 'malformed' | 'empty',
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderFailure';
  }
}
