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
}

/** One validated, normalised request, as every provider receives it. */
export interface GenerationTask {
  prompt: string;
  platforms: AiPlatform[];
  styleHints: StyleHint[];
  variants: number;
  subreddit: SubredditTitleRules | null;
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
