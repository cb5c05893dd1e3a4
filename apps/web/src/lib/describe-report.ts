import { hashLabels, type ProtectionReport } from '@app/shared/media';
import { countOf } from './format/plural';

let listFormat: Intl.ListFormat | undefined;
const joined = (labels: string[]) =>
  (listFormat ??= new Intl.ListFormat('en', { style: 'long', type: 'conjunction' })).format(labels);

/** The labels of the fingerprints that still recognise the protected copy. */
export function matchedLabels(report: ProtectionReport): string[] {
  return report.hashes.filter((hash) => hash.matches).map((hash) => hashLabels[hash.name]);
}

/** One line that says what was measured, e.g. "Still matched by pHash and dHash". */
export function reportHeadline(report: ProtectionReport): string {
  const matched = matchedLabels(report);
  if (matched.length === 0) {
    const count = report.hashes.length;
    return `Fingerprint check: no match found by any of ${countOf(count, { one: 'detector', other: 'detectors' })}`;
  }
  return `Still matched by ${joined(matched)}`;
}

export function attemptsText({ attempts, matchesOriginal }: ProtectionReport): string {
  if (attempts === 1) return matchesOriginal ? 'Checked after 1 attempt' : 'Passed on the first attempt';
  return matchesOriginal
    ? `Still matched after ${attempts} attempts, each a little stronger`
    : `Passed after ${attempts} attempts, each a little stronger`;
}
