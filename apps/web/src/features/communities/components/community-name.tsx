import type { ListedCommunity } from '../api/get-communities';
import { Pill } from './community-badges';

/** r/name with its display name, and a flag when Reddit reports the community gone. */
export function CommunityName({ community }: { community: ListedCommunity }) {
  return (
    <div className="min-w-0">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-zinc-900 dark:text-white">r/{community.name}</span>
        {community.missingSince && <Pill tone="warning">Missing on Reddit</Pill>}
      </div>
      {community.displayName !== community.name && (
        <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{community.displayName}</p>
      )}
    </div>
  );
}
