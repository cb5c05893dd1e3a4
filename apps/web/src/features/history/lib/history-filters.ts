import { contentPlatforms } from '@app/shared/history';

/**
 * The platform filter offers all and every platform content is generated for (the spec's three plus
 * TikTok), from the shared list so a new platform cannot be missing here; the type filter
 * all, ai, template.
 */
export const platformChoices = ['all', ...contentPlatforms] as const;
export const typeChoices = ['all', 'ai', 'template'] as const;

export type PlatformChoice = (typeof platformChoices)[number];
export type TypeChoice = (typeof typeChoices)[number];

export interface HistoryFilters {
  search: string;
  platform: PlatformChoice;
  type: TypeChoice;
}

export const defaultHistoryFilters: HistoryFilters = { search: '', platform: 'all', type: 'all' };

function choice<T extends string>(choices: readonly T[], value: string | null, fallback: T): T {
  return choices.find((known) => known === value) ?? fallback;
}

/** Filters live in the URL (?q, ?platform, ?type) so a reload or Back keeps them; unknown values mean all. */
export function filtersFromSearch(params: URLSearchParams): HistoryFilters {
  return {
    search: params.get('q') ?? '',
    platform: choice(platformChoices, params.get('platform'), 'all'),
    type: choice(typeChoices, params.get('type'), 'all'),
  };
}

export function filtersToSearch(filters: HistoryFilters, previous: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(previous);
  const set = (key: string, value: string, empty: string) =>
    value === empty ? next.delete(key) : next.set(key, value);
  set('q', filters.search, '');
  set('platform', filters.platform, 'all');
  set('type', filters.type, 'all');
  return next;
}

/** The API's query parameters (search, platform, type), leaving out what does not narrow. */
export function filtersToQuery(filters: HistoryFilters): URLSearchParams {
  const query = new URLSearchParams();
  const search = filters.search.trim();
  if (search) query.set('search', search);
  if (filters.platform !== 'all') query.set('platform', filters.platform);
  if (filters.type !== 'all') query.set('type', filters.type);
  return query;
}

export function hasActiveFilters(filters: HistoryFilters): boolean {
  return filters.search.trim() !== '' || filters.platform !== 'all' || filters.type !== 'all';
}
