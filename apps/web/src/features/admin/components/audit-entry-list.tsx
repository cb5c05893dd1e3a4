import { adminActionLabels, adminActionSchema, type AuditEntry } from '@app/shared/admin';
import { formatDateTime } from '../../../lib/format/date-time';

const labelOf = (action: string) => {
  const known = adminActionSchema.safeParse(action);
  return known.success ? adminActionLabels[known.data] : action;
};

/** The details worth a glance: the reason, the end of a suspension, the tier change, the referral code. */
function detailText(entry: AuditEntry): string {
  const d = entry.details as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof d.from === 'string' && typeof d.to === 'string') parts.push(`${d.from} → ${d.to}`);
  if (entry.action === 'suspend' && typeof d.until === 'string')
    parts.push(`until ${formatDateTime(d.until)}`);
  if (typeof d.reason === 'string') parts.push(`“${d.reason}”`);
  if (typeof d.referralCode === 'string') parts.push(`code ${d.referralCode}`);
  if (typeof d.referrerUsername === 'string') parts.push(`referrer ${d.referrerUsername}`);
  return parts.join(' · ');
}

export function AuditEntryList({
  entries,
  showTarget = true,
}: {
  entries: AuditEntry[];
  showTarget?: boolean;
}) {
  if (entries.length === 0)
    return <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">No admin actions recorded yet.</p>;
  return (
    <ol className="mt-2 divide-y divide-zinc-200 text-sm dark:divide-zinc-800" aria-label="Audit entries">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-wrap items-baseline gap-x-2 py-2">
          <time dateTime={entry.createdAt} className="text-zinc-500">
            {formatDateTime(entry.createdAt)}
          </time>
          <span className="font-medium text-zinc-900 dark:text-white">{labelOf(entry.action)}</span>
          {showTarget && entry.targetUsername ? <span>{entry.targetUsername}</span> : null}
          <span className="text-zinc-600 dark:text-zinc-400">by {entry.actorUsername}</span>
          {detailText(entry) ? (
            <span className="w-full text-zinc-600 dark:text-zinc-400">{detailText(entry)}</span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
