import type { Community } from '@app/shared/communities';

export const sortKeys = ['success', 'engagement', 'members', 'upvotes', 'name'] as const;
export type SortKey = (typeof sortKeys)[number];
export const verificationChoices = ['required', 'not-required'] as const;

export interface CommunityFilters {
  search: string;
  category: Community['category'] | 'all';
  promotion: Community['promotionAllowed'] | 'all';
  verification: (typeof verificationChoices)[number] | 'all';
  sort: SortKey;
}

export const defaultFilters: CommunityFilters = {
  search: '',
  category: 'all',
  promotion: 'all',
  verification: 'all',
  sort: 'success',
};

/** True when anything but the sort narrows the list. */
export function hasActiveFilters(filters: CommunityFilters): boolean {
  return (
    filters.search.trim() !== '' ||
    filters.category !== 'all' ||
    filters.promotion !== 'all' ||
    filters.verification !== 'all'
  );
}

/** docs/product.md#communities: search in name, displayName or description (case-insensitive); the rest match exactly. */
export function filterCommunities<T extends Community>(
  communities: readonly T[],
  filters: CommunityFilters,
): T[] {
  const needle = filters.search.trim().toLowerCase();
  return communities.filter((community) => {
    if (filters.category !== 'all' && community.category !== filters.category) return false;
    if (filters.promotion !== 'all' && community.promotionAllowed !== filters.promotion) return false;
    if (
      filters.verification !== 'all' &&
      community.verificationRequired !== (filters.verification === 'required')
    ) {
      return false;
    }
    if (needle === '') return true;
    return [community.name, community.displayName, community.description].some((text) =>
      text.toLowerCase().includes(needle),
    );
  });
}

const descending: Record<Exclude<SortKey, 'name'>, (community: Community) => number> = {
  // docs/product.md#communities: a missing success rate or upvote count sorts as 0.
  success: (community) => community.successProbability ?? 0,
  engagement: (community) => community.engagementRate,
  members: (community) => community.members,
  upvotes: (community) => community.averageUpvotes ?? 0,
};

const byName = (a: Community, b: Community) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

/** docs/product.md#communities: name ascending, every other sort descending; equal figures fall back to the name so the order is stable. */
export function sortCommunities<T extends Community>(communities: readonly T[], sort: SortKey): T[] {
  if (sort === 'name') return [...communities].sort(byName);
  const figure = descending[sort];
  return [...communities].sort((a, b) => figure(b) - figure(a) || byName(a, b));
}

export function applyFilters<T extends Community>(communities: readonly T[], filters: CommunityFilters): T[] {
  return sortCommunities(filterCommunities(communities, filters), filters.sort);
}
