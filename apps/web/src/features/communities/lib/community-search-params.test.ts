import { describe, expect, it } from 'vitest';
import { defaultFilters } from './community-filters';
import {
  filtersFromSearch,
  filtersToSearch,
  pageFromSearch,
  pageOf,
  searchWithPage,
} from './community-search-params';

describe('communities filters and page in the address', () => {
  it('reads known values and falls back to the defaults for the rest', () => {
    expect(filtersFromSearch(new URLSearchParams('q=fit&category=fitness&promotion=no&sort=name'))).toEqual({
      search: 'fit',
      category: 'fitness',
      promotion: 'no',
      verification: 'all',
      sort: 'name',
    });
    expect(filtersFromSearch(new URLSearchParams('category=cats&verification=maybe&sort=x'))).toEqual(
      defaultFilters,
    );
  });

  it('writes only what differs from the defaults, keeps other parameters and drops the page', () => {
    const previous = new URLSearchParams('page=4&utm_source=mail&sort=members');
    const next = filtersToSearch({ ...defaultFilters, verification: 'required' }, previous);
    expect(next.toString()).toBe('utm_source=mail&verification=required');
  });

  it('takes a page from 1 up and leaves page 1 out of the address', () => {
    expect(
      [' ', '0', '-2', '2.5', 'two', '3'].map((page) => pageFromSearch(new URLSearchParams({ page }))),
    ).toEqual([1, 1, 1, 1, 1, 3]);
    expect(searchWithPage(new URLSearchParams('sort=name&page=3'), 1).toString()).toBe('sort=name');
    expect(searchWithPage(new URLSearchParams('sort=name'), 2).toString()).toBe('sort=name&page=2');
  });

  it('cuts a page of 25 and keeps the page within the list', () => {
    const items = Array.from({ length: 60 }, (_, index) => index + 1);
    expect(pageOf(items, 2)).toMatchObject({ page: 2, pageCount: 3, first: 26, last: 50 });
    expect(pageOf(items, 9)).toMatchObject({ page: 3, first: 51, last: 60, items: items.slice(50) });
    expect(pageOf([], 2)).toEqual({ items: [], page: 1, pageCount: 1, first: 0, last: 0 });
  });
});
