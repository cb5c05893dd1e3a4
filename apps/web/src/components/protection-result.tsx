import { useId } from 'react';
import { CircleAlert, CircleCheck, RefreshCw, ShieldAlert, ShieldCheck, Stamp } from 'lucide-react';
import { imageshieldTexts } from '@app/shared/imageshield';
import { hashLabels, type ProtectionLevel, type ProtectionReport } from '@app/shared/media';
import { cn } from './ui/cn';
import { attemptsText, reportHeadline } from '../lib/describe-report';

interface ProtectionResultProps {
  report: ProtectionReport;
  /** The level the report was measured at; picks the advice when a fingerprint still matches. */
  level?: ProtectionLevel | null;
  /** Off where the page already states the scope next to the panel. */
  showScope?: boolean;
  className?: string;
}

function ResultMark({ matches }: { matches: boolean }) {
  return matches ? (
    <span className="inline-flex items-center gap-1 font-medium text-amber-700 dark:text-amber-300">
      <CircleAlert aria-hidden="true" className="size-3.5 shrink-0" />
      Matched
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 font-medium text-emerald-700 dark:text-emerald-300">
      <CircleCheck aria-hidden="true" className="size-3.5 shrink-0" />
      Not matched
    </span>
  );
}

function advice(report: ProtectionReport, level: ProtectionLevel | null | undefined): string {
  if (!report.matchesOriginal)
    return 'The protected copy no longer matches your original under any fingerprint we measured.';
  if (level === 'heavy')
    return 'Even the strongest level left it recognisable to these detectors. Cropping the photo yourself first, then protecting it again, usually helps.';
  return 'Protect it again with Heavy Shield to change it further.';
}

/**
 * The measured result of one protection: which perceptual fingerprints still recognise the copy,
 * by how many bits each moved, and what protection does not cover. Shared by /imageshield and the
 * gallery's details dialog, so it lives outside both features.
 */
export function ProtectionResult({ report, level, showScope = true, className }: ProtectionResultProps) {
  const titleId = useId();
  const passed = !report.matchesOriginal;
  const Icon = passed ? ShieldCheck : ShieldAlert;
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'rounded-xl border p-4',
        passed
          ? 'border-emerald-200 bg-emerald-50/60 dark:border-emerald-500/25 dark:bg-emerald-500/5'
          : 'border-amber-200 bg-amber-50/60 dark:border-amber-500/25 dark:bg-amber-500/5',
        className,
      )}
    >
      <div className="flex items-start gap-3">
        <span
          className={cn(
            'inline-flex size-8 shrink-0 items-center justify-center rounded-full',
            passed
              ? 'bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300'
              : 'bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
        </span>
        <div className="min-w-0">
          <h3 id={titleId} className="text-sm font-semibold text-zinc-900 dark:text-white">
            {reportHeadline(report)}
          </h3>
          <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{advice(report, level)}</p>
        </div>
      </div>
      {/* Fits 390 px screens; scrolls on its own rather than widen the dialog on narrower ones. */}
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-xs">
          <caption className="sr-only">Result for each fingerprint detector</caption>
          <thead className="text-zinc-500 dark:text-zinc-400">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">
                Detector
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Bits changed <span className="font-normal">(match if ≤)</span>
              </th>
              <th scope="col" className="py-1 font-medium">
                Result
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200/70 dark:divide-zinc-800">
            {report.hashes.map((hash) => (
              <tr key={hash.name}>
                <th
                  scope="row"
                  className="py-1.5 pr-2 font-medium whitespace-nowrap text-zinc-900 dark:text-zinc-100"
                >
                  {hashLabels[hash.name]}
                </th>
                <td className="py-1.5 pr-2 whitespace-nowrap text-zinc-700 tabular-nums dark:text-zinc-300">
                  {hash.distance}/{hash.bits}{' '}
                  <span className="text-zinc-500 dark:text-zinc-400">
                    <span aria-hidden="true">(≤ {hash.threshold})</span>
                    <span className="sr-only">, a match at {hash.threshold} or fewer</span>
                  </span>
                </td>
                <td className="py-1.5 whitespace-nowrap">
                  <ResultMark matches={hash.matches} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-700 dark:text-zinc-300">
        <li className="inline-flex items-center gap-1.5">
          <RefreshCw aria-hidden="true" className="size-3.5 shrink-0 text-zinc-400" />
          {attemptsText(report)}
        </li>
        <li className="inline-flex items-center gap-1.5">
          <Stamp aria-hidden="true" className="size-3.5 shrink-0 text-zinc-400" />
          {report.watermarked ? 'Watermark added' : 'No watermark'}
        </li>
      </ul>
      {showScope && (
        <p className="mt-3 border-t border-zinc-200/70 pt-3 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
          {imageshieldTexts.scope}
        </p>
      )}
    </section>
  );
}
