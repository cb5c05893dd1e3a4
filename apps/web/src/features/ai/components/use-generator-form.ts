import { useRef, useState } from 'react';
import { trackEvent } from '../../../lib/analytics/analytics';
import type { useGenerateContent } from '../api/generate-content';
import { toRequest, validateForm, type FormErrors, type GenerationForm } from '../lib/generation-form';
import { rememberChoices, rememberedForm } from '../lib/remembered-choices';

/**
 * The generator form's state, its check and the generate call. Not on the form kit: platforms and
 * styles are chip groups whose rules span several fields (a prompt or a platform), which
 * `validateForm` already states once, and every message clears as soon as it is satisfied.
 */
export function useGeneratorForm(generation: ReturnType<typeof useGenerateContent>) {
  const [form, setForm] = useState<GenerationForm>(rememberedForm);
  const [errors, setErrors] = useState<FormErrors>({});
  const platformsRef = useRef<HTMLInputElement>(null);
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const subredditRef = useRef<HTMLInputElement>(null);

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

  return { form, errors, change, generate, platformsRef, promptRef, subredditRef };
}
