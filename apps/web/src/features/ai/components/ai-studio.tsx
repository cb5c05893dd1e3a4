import { useEffect, useRef, useState } from 'react';
import { useSessionUser } from '../../../lib/session-context';
import { trackEvent } from '../../../lib/analytics/analytics';
import { userFacingMessage } from '../../../lib/request';
import { useGenerateContent } from '../api/generate-content';
import { useAiQuota } from '../api/get-ai-quota';
import { toRequest, validateForm, type FormErrors, type GenerationForm } from '../lib/generation-form';
import { rememberChoices, rememberedForm } from '../lib/remembered-choices';
import { GenerationResults } from './generation-results';
import { GeneratorForm } from './generator-form';
import { ResultsPlaceholder } from './results-placeholder';

/** The generator: form and quota on one side, results per platform on the other. Used by /caption-generator and the enterprise AI Studio tab. */
export function AiStudio() {
  const user = useSessionUser();
  const quota = useAiQuota();
  const generation = useGenerateContent();
  const [form, setForm] = useState<GenerationForm>(rememberedForm);
  const [errors, setErrors] = useState<FormErrors>({});
  const platformsRef = useRef<HTMLInputElement>(null);
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const subredditRef = useRef<HTMLInputElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const result = generation.data;

  // The results sit beside or below the form; focusing their heading reads them out and scrolls there.
  useEffect(() => {
    if (result) resultsHeading.current?.focus();
  }, [result]);

  function change(next: GenerationForm) {
    setForm(next);
    // A message disappears as soon as what it asked for is done.
    if (Object.keys(errors).length > 0) {
      const remaining = validateForm(next);
      setErrors(
        (current) =>
          Object.fromEntries(Object.entries(current).filter(([field]) => field in remaining)) as FormErrors,
      );
    }
  }

  function generate() {
    if (generation.isPending) return;
    const found = validateForm(form);
    setErrors(found);
    if (found.platforms) return platformsRef.current?.focus();
    if (found.prompt) return promptRef.current?.focus();
    if (found.subreddit) return subredditRef.current?.focus();
    rememberChoices(form);
    trackEvent('feature_usage', { feature: 'ai', action: 'generate' });
    generation.mutate(toRequest(form));
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
      <GeneratorForm
        form={form}
        onChange={change}
        errors={errors}
        onSubmit={generate}
        isPending={generation.isPending}
        quota={quota.data}
        quotaFailed={quota.isError}
        platformsRef={platformsRef}
        promptRef={promptRef}
        subredditRef={subredditRef}
      />
      <div aria-busy={generation.isPending || undefined}>
        {generation.isPending ? (
          <ResultsPlaceholder state="pending" />
        ) : generation.isError ? (
          <ResultsPlaceholder
            state="error"
            error={userFacingMessage(generation.error)}
            onRetry={quota.data?.remaining === 0 ? undefined : generate}
          />
        ) : result ? (
          <GenerationResults response={result} signedIn={user !== null} headingRef={resultsHeading} />
        ) : (
          <ResultsPlaceholder state="idle" />
        )}
      </div>
    </div>
  );
}
