import { aiPlatforms, styleHints, variantCounts } from '@app/shared/ai';
import { defaultGenerationForm, type GenerationForm } from './generation-form';

const storageKey = 'creator-studio.caption-generator.choices';

type Choices = Pick<GenerationForm, 'platforms' | 'styleHints' | 'variants' | 'subreddit'>;

function only<T>(known: readonly T[], values: unknown): T[] | undefined {
  return Array.isArray(values) ? known.filter((item) => values.includes(item)) : undefined;
}

/** The platforms, styles, variants and subreddit used last time; the prompt always starts empty. */
export function rememberedForm(): GenerationForm {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as Partial<
      Record<keyof Choices, unknown>
    > | null;
    if (!saved || typeof saved !== 'object') return defaultGenerationForm;
    return {
      ...defaultGenerationForm,
      platforms: only(aiPlatforms, saved.platforms) ?? defaultGenerationForm.platforms,
      styleHints: only(styleHints, saved.styleHints) ?? defaultGenerationForm.styleHints,
      variants: variantCounts.find((count) => count === saved.variants) ?? defaultGenerationForm.variants,
      subreddit: typeof saved.subreddit === 'string' ? saved.subreddit.slice(0, 24) : '',
    };
  } catch {
    // Storage blocked or holding something else: the defaults do.
    return defaultGenerationForm;
  }
}

export function rememberChoices({
  platforms,
  styleHints: styles,
  variants,
  subreddit,
}: GenerationForm): void {
  try {
    localStorage.setItem(
      storageKey,
      JSON.stringify({ platforms, styleHints: styles, variants, subreddit: subreddit.trim() }),
    );
  } catch {
    // Private mode or a full storage: remembering is only a convenience.
  }
}
