import { describe, expect, it } from 'vitest';
import {
  defaultHistoryFilters,
  filtersFromSearch,
  filtersToQuery,
  filtersToSearch,
  hasActiveFilters,
} from './history-filters';

describe('history filters', () => {
  it('reads known values from the URL and falls back to all for anything else', () => {
    expect(filtersFromSearch(new URLSearchParams('q=beach&platform=instagram&type=ai'))).toEqual({
      search: 'beach',
      platform: 'instagram',
      type: 'ai',
    });
    expect(filtersFromSearch(new URLSearchParams('platform=tiktok')).platform).toBe('tiktok');
    expect(filtersFromSearch(new URLSearchParams('platform=myspace&type=robot'))).toEqual(
      defaultHistoryFilters,
    );
  });

  it('writes only what differs from the defaults into the URL and keeps other parameters', () => {
    const next = filtersToSearch(
      { search: 'sun', platform: 'all', type: 'template' },
      new URLSearchParams('x=1&platform=reddit'),
    );
    expect(next.toString()).toBe('x=1&q=sun&type=template');
  });

  it('sends the API a trimmed search and only the filters that narrow', () => {
    expect(filtersToQuery(defaultHistoryFilters).toString()).toBe('');
    expect(filtersToQuery({ search: '  golden hour ', platform: 'reddit', type: 'ai' }).toString()).toBe(
      'search=golden+hour&platform=reddit&type=ai',
    );
    expect(filtersToQuery({ ...defaultHistoryFilters, search: '   ' }).toString()).toBe('');
  });

  it('tells whether anything narrows the list', () => {
    expect(hasActiveFilters(defaultHistoryFilters)).toBe(false);
    expect(hasActiveFilters({ ...defaultHistoryFilters, search: '   ' })).toBe(false);
    expect(hasActiveFilters({ ...defaultHistoryFilters, type: 'ai' })).toBe(true);
  });
});
