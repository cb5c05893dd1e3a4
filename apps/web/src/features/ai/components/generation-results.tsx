import type { Ref } from 'react';
import { Info, PenLine, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { aiPlatforms, type AiGenerateResponse, type AiPlatform } from '@app/shared/ai';
import { writerTexts } from '@app/shared/writer-label';
import { PlatformBadge, platformLabels } from '../../../components/platform-badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { PhotoUseNotice } from './photo-use-notice';
import { ResultCard } from './result-card';
import { countOf } from '../../../lib/format/plural';

interface GenerationResultsProps {
  response: AiGenerateResponse;
  signedIn: boolean;
  headingRef: Ref<HTMLHeadingElement>;
}

function PlatformResults({ response, platform }: { response: AiGenerateResponse; platform: AiPlatform }) {
  const results = response.content.filter((result) => result.platform === platform);
  return (
    <ul aria-label={`${platformLabels[platform]} results`} className="grid gap-4">
      {results.map((result) => (
        <li key={`${result.platform}-${result.variant}`}>
          <ResultCard result={result} showVariant={results.length > 1} />
        </li>
      ))}
    </ul>
  );
}

/** The answer, who wrote it, then per platform (a tab each when there are several) and per variant. */
export function GenerationResults({ response, signedIn, headingRef }: GenerationResultsProps) {
  const platforms = aiPlatforms.filter((platform) =>
    response.content.some((result) => result.platform === platform),
  );
  const count = response.content.length;
  return (
    <section aria-labelledby="ai-results-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2
          id="ai-results-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold tracking-tight focus:outline-none"
        >
          Your captions
        </h2>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
          <span>{countOf(count, { one: 'result', other: 'results' })}</span>
          <span data-testid="written-by" className="inline-flex items-center gap-1">
            <PenLine aria-hidden="true" className="size-3.5" />
            {writerTexts.writtenBy(response)}
          </span>
          {response.cached && (
            <span className="inline-flex items-center gap-1 font-medium text-emerald-700 dark:text-emerald-400">
              <Zap aria-hidden="true" className="size-3.5" />
              Same request as before: shown again without using your quota
            </span>
          )}
        </p>
      </div>

      {response.notice && (
        <p className="flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {response.notice}
        </p>
      )}

      <PhotoUseNotice response={response} />

      {platforms.length > 1 ? (
        <Tabs defaultValue={platforms[0]}>
          <TabsList aria-label="Platforms">
            {platforms.map((platform) => (
              <TabsTrigger key={platform} value={platform}>
                {platformLabels[platform]}
              </TabsTrigger>
            ))}
          </TabsList>
          {platforms.map((platform) => (
            <TabsContent key={platform} value={platform} className="mt-4">
              <PlatformResults response={response} platform={platform} />
            </TabsContent>
          ))}
        </Tabs>
      ) : (
        platforms.map((platform) => (
          <div key={platform} className="space-y-3">
            <PlatformBadge platform={platform} />
            <PlatformResults response={response} platform={platform} />
          </div>
        ))
      )}

      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {signedIn ? (
          <>
            Every result is kept in your{' '}
            <Link to="/history" className="font-medium text-rose-700 hover:underline dark:text-rose-300">
              Content History
            </Link>
            , where you can search, save or delete it.
          </>
        ) : (
          <>
            These are not kept.{' '}
            <Link to="/signup" className="font-medium text-rose-700 hover:underline dark:text-rose-300">
              Sign up free
            </Link>{' '}
            to keep every caption in your history and get 5 generations a day.
          </>
        )}
      </p>
    </section>
  );
}
