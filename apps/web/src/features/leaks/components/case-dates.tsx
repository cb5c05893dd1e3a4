import { leakCasePageTexts as texts, type LeakCase } from '@app/shared/leak-cases';
import { formatDate } from '../../../lib/format/date-time';

/** "Found Mar 3, 2026 · Notice sent Mar 4, 2026": the dates the case has reached. */
export function caseDates(item: LeakCase): Array<[string, string]> {
  const dates: Array<[string, string | null]> = [
    [texts.found, item.foundAt],
    [texts.noticeSent, item.noticeSentAt],
    [texts.removed, item.removedAt],
    [texts.rejected, item.rejectedAt],
  ];
  return dates.filter((entry): entry is [string, string] => entry[1] !== null);
}

export function CaseDates({ item, className }: { item: LeakCase; className?: string }) {
  return (
    <dl className={className}>
      {caseDates(item).map(([label, at]) => (
        <div key={label} className="flex gap-1.5">
          <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
          <dd>
            <time dateTime={at}>{formatDate(at)}</time>
          </dd>
        </div>
      ))}
    </dl>
  );
}
