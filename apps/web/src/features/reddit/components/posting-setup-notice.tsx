import { Info } from 'lucide-react';
import { redditTexts } from '@app/shared/reddit';

/**
 * At the top of /reddit when the server has no Reddit app credentials: what still works, and for
 * the site admin the exact steps (the README's "Reddit posting" section says the same).
 */
export function PostingSetupNotice() {
  const steps = redditTexts.postingOffSteps(`${window.location.origin}/api/reddit/callback`);
  return (
    <section
      aria-labelledby="posting-setup-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <div className="flex gap-3">
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0 space-y-2">
          <h2 id="posting-setup-title" className="font-semibold">
            {redditTexts.postingOffTitle}
          </h2>
          <p>{redditTexts.postingOffText}</p>
          <details>
            <summary className="cursor-pointer font-medium underline-offset-2 hover:underline">
              {redditTexts.postingOffAdmin}
            </summary>
            <ol className="mt-2 list-decimal space-y-1 pl-5 break-words">
              {steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </details>
        </div>
      </div>
    </section>
  );
}
