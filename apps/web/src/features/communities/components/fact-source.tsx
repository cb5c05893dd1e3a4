import { communityFactTexts, type FactSource } from '@app/shared/community-facts';
import type { ListedCommunity } from '../api/get-communities';
import { formatDate } from '../../../lib/format/date-time';

/** "from Reddit, checked Nov 20, 2026" or "curated, not verified", for one fact of the row. */
export function factSourceText(source: FactSource, community: ListedCommunity): string {
  const checkedAt = community.facts?.redditCheckedAt;
  return source === 'reddit' && checkedAt
    ? communityFactTexts.fromReddit(formatDate(checkedAt))
    : communityFactTexts.curated;
}

/** A small line under a fact or list saying where it comes from; nothing when the server did not say. */
export function FactSourceNote({ source, community }: { source?: FactSource; community: ListedCommunity }) {
  if (!source) return null;
  return (
    <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
      {source === 'reddit' ? 'Source: ' : ''}
      {factSourceText(source, community).replace(/^./, (first) => first.toUpperCase())}
    </p>
  );
}
