import { useId, type FormEvent, type Ref } from 'react';
import { LoaderCircle, Sparkles } from 'lucide-react';
import { aiPlatforms, promptMaxLength, styleHints, variantCounts, type AiQuota } from '@app/shared/ai';
import { platformLabels } from '../../../components/platform-badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { toggle, type FormErrors, type GenerationForm } from '../lib/generation-form';
import { ChoiceChips } from './choice-chips';
import { QuotaStatus } from './quota-status';

const styleLabels: Record<(typeof styleHints)[number], string> = {
  authentic: 'Authentic',
  playful: 'Playful',
  confident: 'Confident',
  mysterious: 'Mysterious',
  bold: 'Bold',
  sassy: 'Sassy',
};

const fieldClasses =
  'w-full rounded-lg border border-zinc-300 bg-white text-sm text-zinc-900 shadow-sm transition-colors placeholder:text-zinc-400 focus-visible:border-rose-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-rose-500/30 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-500';

interface GeneratorFormProps {
  form: GenerationForm;
  onChange: (form: GenerationForm) => void;
  errors: FormErrors;
  onSubmit: () => void;
  isPending: boolean;
  quota?: AiQuota;
  quotaFailed: boolean;
  platformsRef: Ref<HTMLInputElement>;
  promptRef: Ref<HTMLTextAreaElement>;
  subredditRef: Ref<HTMLInputElement>;
}

/** Spec 5: prompt, platforms, styles and variants (1, 2, 3 or 5), plus the subreddit when Reddit is picked. */
export function GeneratorForm(props: GeneratorFormProps) {
  const {
    form,
    onChange,
    errors,
    onSubmit,
    isPending,
    quota,
    quotaFailed,
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

        <div className="space-y-1.5">
          <div className="flex items-baseline justify-between gap-2">
            <label htmlFor={`${id}-prompt`} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
              Prompt
            </label>
            <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400" aria-hidden="true">
              {form.prompt.length}/{promptMaxLength}
            </span>
          </div>
          <textarea
            id={`${id}-prompt`}
            ref={promptRef}
            rows={4}
            value={form.prompt}
            maxLength={promptMaxLength}
            disabled={isPending}
            placeholder="e.g. Golden-hour selfie on my balcony in a new red dress, feeling confident"
            aria-invalid={errors.prompt ? true : undefined}
            aria-describedby={`${id}-prompt-hint${errors.prompt ? ` ${id}-prompt-error` : ''}`}
            onChange={(event) => set('prompt', event.target.value)}
            onKeyDown={(event) => {
              // Ctrl/⌘+Enter generates without leaving the keyboard.
              if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
                event.preventDefault();
                onSubmit();
              }
            }}
            className={cn(fieldClasses, 'min-h-28 resize-y px-3 py-2')}
          />
          <p id={`${id}-prompt-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
            Optional when you pick platforms. Up to {promptMaxLength.toLocaleString('en-US')} characters.
          </p>
          {errors.prompt && (
            <p
              id={`${id}-prompt-error`}
              role="alert"
              className="text-sm font-medium text-red-700 dark:text-red-400"
            >
              {errors.prompt}
            </p>
          )}
        </div>

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
          <div className="space-y-1.5">
            <label
              htmlFor={`${id}-subreddit`}
              className="text-sm font-medium text-zinc-800 dark:text-zinc-200"
            >
              Subreddit (optional)
            </label>
            <div className="relative">
              <span
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-zinc-500"
              >
                r/
              </span>
              <input
                id={`${id}-subreddit`}
                ref={subredditRef}
                type="text"
                inputMode="text"
                autoComplete="off"
                spellCheck={false}
                value={form.subreddit}
                disabled={isPending}
                placeholder="selfie"
                maxLength={24}
                aria-invalid={errors.subreddit ? true : undefined}
                aria-describedby={`${id}-subreddit-hint${errors.subreddit ? ` ${id}-subreddit-error` : ''}`}
                onChange={(event) => set('subreddit', event.target.value)}
                className={cn(fieldClasses, 'h-10 pr-3 pl-7')}
              />
            </div>
            <p id={`${id}-subreddit-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
              Reddit titles then follow that community&apos;s title rules.
            </p>
            {errors.subreddit && (
              <p
                id={`${id}-subreddit-error`}
                role="alert"
                className="text-sm font-medium text-red-700 dark:text-red-400"
              >
                {errors.subreddit}
              </p>
            )}
          </div>
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
