import { communityCategories, promotionPolicies } from '@app/shared/communities';
import { defaultFilters, sortKeys, verificationChoices, type CommunityFilters } from './community-filters';

/** Rows on one page of the communities list. */
export const communitiesPageSize = 25;

function choice<T extends string>(choices: readonly T[], value: string | null, fallback: T): T {
  return choices.find((known) => known === value) ?? fallback;
}

/**
 * The filters live in the address (?q, ?category, ?promotion, ?verification, ?sort), so a filtered
 * view can be shared and survives a reload; a value the page does not know means its default.
 */
export function filtersFromSearch(params: URLSearchParams): CommunityFilters {
  return {
    search: params.get('q') ?? defaultFilters.search,
    category: choice(['all', ...communityCategories], params.get('category'), defaultFilters.category),
    promotion: choice(['all', ...promotionPolicies], params.get('promotion'), defaultFilters.promotion),
    verification: choice(
      ['all', ...verificationChoices],
      params.get('verification'),
      defaultFilters.verification,
    ),
    sort: choice(sortKeys, params.get('sort'), defaultFilters.sort),
  };
}

/** New filters, written over the current address; the page goes back to 1 (another list, another page 1). */
export function filtersToSearch(filters: CommunityFilters, previous: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(previous);
  const set = (key: string, value: string, empty: string) =>
    value === empty ? next.delete(key) : next.set(key, value);
  set('q', filters.search, defaultFilters.search);
  set('category', filters.category, defaultFilters.category);
  set('promotion', filters.promotion, defaultFilters.promotion);
  set('verification', filters.verification, defaultFilters.verification);
  set('sort', filters.sort, defaultFilters.sort);
  next.delete('page');
  return next;
}

/** ?page=N, a whole number from 1; anything else is page 1. */
export function pageFromSearch(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function searchWithPage(previous: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(previous);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  return next;
}

export interface ListPage<T> {
  items: T[];
  /** The page shown: the one asked for, or the last one when the list got shorter. */
  page: number;
  pageCount: number;
  /** 1-based positions of the first and last row shown; 0 for an empty list. */
  first: number;
  last: number;
}

export function pageOf<T>(items: readonly T[], page: number, size = communitiesPageSize): ListPage<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const shown = Math.min(Math.max(1, page), pageCount);
  const start = (shown - 1) * size;
  const rows = items.slice(start, start + size);
  return {
    items: rows,
    page: shown,
    pageCount,
    first: rows.length ? start + 1 : 0,
    last: start + rows.length,
  };
}
