import { useEffect, useRef } from 'react';
import { useSessionUser } from '../../../lib/session-context';
import { SavedContentList } from '../../../components/saved-content/saved-content-list';
import { generationErrorText, useGenerateContent } from '../api/generate-content';
import { useAiQuota } from '../api/get-ai-quota';
import { GenerationResults } from './generation-results';
import { GeneratorForm } from './generator-form';
import { ResultsPlaceholder } from './results-placeholder';
import { useGeneratorForm } from './use-generator-form';
import { WriterNote } from './writer-note';

/**
 * The generator: form and quota on one side, results per platform on the other, and the user's saved
 * content below. Used by /caption-generator and the enterprise AI Studio tab.
 */
export function AiStudio() {
  const user = useSessionUser();
  const quota = useAiQuota();
  const generation = useGenerateContent();
  const { form, errors, change, generate, platformsRef, promptRef, subredditRef } =
    useGeneratorForm(generation);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const result = generation.data;

  // The results sit beside or below the form; focusing their heading reads them out and scrolls there.
  useEffect(() => {
    if (result) resultsHeading.current?.focus();
  }, [result]);

  return (
    <div className="space-y-10">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <div className="space-y-3">
          <GeneratorForm
            form={form}
            onChange={change}
            errors={errors}
            onSubmit={generate}
            isPending={generation.isPending}
            quota={quota.data}
            quotaFailed={quota.isError}
            signedIn={user !== null}
            platformsRef={platformsRef}
            promptRef={promptRef}
            subredditRef={subredditRef}
          />
          <WriterNote />
        </div>
        <div aria-busy={generation.isPending || undefined}>
          {generation.isPending ? (
            <ResultsPlaceholder state="pending" />
          ) : generation.isError ? (
            <ResultsPlaceholder
              state="error"
              error={generationErrorText(generation.error)}
              onRetry={quota.data?.remaining === 0 ? undefined : generate}
            />
          ) : result ? (
            <GenerationResults response={result} signedIn={user !== null} headingRef={resultsHeading} />
          ) : (
            <ResultsPlaceholder state="idle" />
          )}
        </div>
      </div>
      {/* What the user saved from her history, to copy again while writing */}
      {user && <SavedContentList />}
    </div>
  );
}
