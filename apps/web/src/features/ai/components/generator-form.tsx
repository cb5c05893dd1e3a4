import { useId, type FormEvent, type Ref } from 'react';
import { LoaderCircle, Sparkles } from 'lucide-react';
import { aiPlatforms, styleHints, variantCounts, type AiQuota } from '@app/shared/ai';
import { platformLabels } from '../../../components/platform-badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toggle, type FormErrors, type GenerationForm } from '../lib/generation-form';
import { ChoiceChips } from './choice-chips';
import { PhotoField } from './photo-field';
import { SubredditField } from './generator-subreddit-field';
import { PromptField } from './prompt-field';
import { QuotaStatus } from './quota-status';

const styleLabels: Record<(typeof styleHints)[number], string> = {
  authentic: 'Authentic',
  playful: 'Playful',
  confident: 'Confident',
  mysterious: 'Mysterious',
  bold: 'Bold',
  sassy: 'Sassy',
};

interface GeneratorFormProps {
  form: GenerationForm;
  onChange: (form: GenerationForm) => void;
  errors: FormErrors;
  onSubmit: () => void;
  isPending: boolean;
  quota?: AiQuota;
  quotaFailed: boolean;
  /** Signed-in users may write from a gallery photo; visitors have no gallery. */
  signedIn: boolean;
  platformsRef: Ref<HTMLInputElement>;
  promptRef: Ref<HTMLTextAreaElement>;
  subredditRef: Ref<HTMLInputElement>;
}

/** docs/product.md#ai-studio: prompt, platforms, styles and variants (1, 2, 3 or 5), plus the subreddit when Reddit is picked. */
export function GeneratorForm(props: GeneratorFormProps) {
  const {
    form,
    onChange,
    errors,
    onSubmit,
    isPending,
    quota,
    quotaFailed,
    signedIn,
    platformsRef,
    promptRef,
    subredditRef,
  } = props;
  const id = useId();
  const exhausted = quota?.remaining === 0;
  const set = <K extends keyof GenerationForm>(key: K, value: GenerationForm[K]) =>
    onChange({ ...form, [key]: value });

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <Card className="p-5 sm:p-6">
      <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="space-y-6">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
            What are you posting?
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            Describe the photo or the moment. The more detail, the more it sounds like you.
          </p>
        </div>

        <PromptField
          id={id}
          value={form.prompt}
          error={errors.prompt}
          disabled={isPending}
          inputRef={promptRef}
          onChange={(prompt) => set('prompt', prompt)}
          onSubmit={onSubmit}
        />

        {signedIn && (
          <PhotoField
            id={id}
            mediaId={form.mediaId}
            disabled={isPending}
            onChange={(mediaId) => set('mediaId', mediaId)}
          />
        )}

        <ChoiceChips
          kind="checkbox"
          name="platforms"
          legend="Platforms"
          hint="Get a version written for each one."
          options={aiPlatforms.map((platform) => ({ value: platform, label: platformLabels[platform] }))}
          isChecked={(platform) => form.platforms.includes(platform)}
          onToggle={(platform) => set('platforms', toggle(aiPlatforms, form.platforms, platform))}
          disabled={isPending}
          error={errors.platforms}
          errorId={`${id}-platforms-error`}
          firstInputRef={platformsRef}
        />

        {form.platforms.includes('reddit') && (
          <SubredditField
            id={id}
            value={form.subreddit}
            error={errors.subreddit}
            disabled={isPending}
            inputRef={subredditRef}
            onChange={(subreddit) => set('subreddit', subreddit)}
          />
        )}

        <ChoiceChips
          kind="checkbox"
          name="styles"
          legend="Style"
          hint="Pick one or two, or none for a natural mix."
          options={styleHints.map((style) => ({ value: style, label: styleLabels[style] }))}
          isChecked={(style) => form.styleHints.includes(style)}
          onToggle={(style) => set('styleHints', toggle(styleHints, form.styleHints, style))}
          disabled={isPending}
        />

        <ChoiceChips
          kind="radio"
          name="variants"
          legend="Variants per platform"
          options={variantCounts.map((count) => ({ value: count, label: String(count) }))}
          isChecked={(count) => form.variants === count}
          onToggle={(count) => set('variants', count)}
          disabled={isPending}
        />

        <div className="space-y-3">
          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={isPending || exhausted}
            aria-busy={isPending || undefined}
          >
            {isPending ? (
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
            ) : (
              <Sparkles aria-hidden="true" className="size-5" />
            )}
            {isPending ? 'Generating...' : 'Generate'}
          </Button>
          <QuotaStatus quota={quota} failed={quotaFailed} />
        </div>
      </form>
    </Card>
  );
}
