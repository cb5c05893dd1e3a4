import {
  aiGenerateRequestSchema,
  aiTexts,
  type AiGenerateRequest,
  type AiPlatform,
  type StyleHint,
  type VariantCount,
} from '@app/shared/ai';

export interface GenerationForm {
  prompt: string;
  platforms: AiPlatform[];
  styleHints: StyleHint[];
  variants: VariantCount;
  /** Only sent while Reddit is one of the platforms. */
  subreddit: string;
  /** A gallery photo to write from ('' for none); signed-in users only. */
  mediaId: string;
}

/** Reddit first: it is where most of our creators promote (and the settings' default platform). */
export const defaultGenerationForm: GenerationForm = {
  prompt: '',
  platforms: ['reddit'],
  styleHints: [],
  variants: 3,
  subreddit: '',
  mediaId: '',
};

export type FormErrors = Partial<Record<'prompt' | 'platforms' | 'subreddit', string>>;

export function toRequest(form: GenerationForm): AiGenerateRequest {
  const request: AiGenerateRequest = {
    prompt: form.prompt.trim(),
    platforms: form.platforms,
    styleHints: form.styleHints,
    variants: form.variants,
  };
  const subreddit = form.subreddit.trim();
  if (form.platforms.includes('reddit') && subreddit !== '') request.subreddit = subreddit;
  if (form.mediaId !== '') request.mediaId = form.mediaId;
  return request;
}

/**
 * docs/product.md#ai-studio: an empty prompt with no platform asks the user to pick platforms or add a prompt;
 * anything else the contract refuses (a subreddit that cannot exist, a prompt too long) is
 * shown next to its field, so the request only goes out when the server will take it.
 */
export function validateForm(form: GenerationForm): FormErrors {
  if (form.prompt.trim() === '' && form.platforms.length === 0) {
    return { platforms: aiTexts.selectPlatformsOrPrompt };
  }
  const parsed = aiGenerateRequestSchema.safeParse(toRequest(form));
  if (parsed.success) return {};
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'subreddit') errors.subreddit ??= subredditMessage;
    else if (field === 'prompt') errors.prompt ??= issue.message;
    else errors.platforms ??= issue.message;
  }
  return errors;
}

export const subredditMessage =
  'Enter a community name such as r/selfie: 2 to 21 letters, numbers or underscores. Or leave it empty.';

/** Adds or removes one choice, keeping the order the form shows them in. */
export function toggle<T extends string>(all: readonly T[], chosen: readonly T[], value: T): T[] {
  const next = chosen.includes(value) ? chosen.filter((item) => item !== value) : [...chosen, value];
  return all.filter((item) => next.includes(item));
}
