import { evidenceSentences } from '@app/shared/dmca-notice';
import { leakCasePageTexts as texts, traceMethodLabels } from '@app/shared/leak-cases';
import type { TraceResult } from '@app/shared/leak-trace';

/**
 * What a trace found, as the page shows it: its own summary, how sure it is, and the sentences
 * the notice will carry as evidence.
 */
export function CaseEvidence({ trace }: { trace: TraceResult }) {
  const sentences = evidenceSentences(trace);
  return (
    <div className="space-y-2 text-sm text-zinc-700 dark:text-zinc-300">
      <p className="font-medium text-zinc-900 dark:text-white">{trace.summary}</p>
      <p>
        {traceMethodLabels[trace.method]} · {texts.traceConfidence(trace.confidence)}
      </p>
      {sentences.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5 break-words">
          {sentences.map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      ) : (
        <p>{texts.traceNoMatch}</p>
      )}
    </div>
  );
}
