import { describe, expect, it } from 'vitest';
import {
  findLoaded,
  loadedItems,
  withItemChanged,
  withItemFirst,
  withoutItem,
  type PagedList,
} from './paged-list';

interface Row {
  id: string;
  name?: string;
}

const list = (...pages: Array<[ids: string[], nextCursor: string | null]>): PagedList<Row> => ({
  pages: pages.map(([ids, nextCursor]) => ({ items: ids.map((id) => ({ id })), nextCursor })),
  pageParams: pages.map((_, index) => (index === 0 ? null : `c${index}`)),
});

const ids = (data: PagedList<Row> | undefined) => data?.pages.map((page) => page.items.map((row) => row.id));

describe('paged lists in the query cache', () => {
  it('lists every loaded item once, even when a refetch shifted one across a page boundary', () => {
    expect(loadedItems(list([['a', 'b'], 'c1'], [['b', 'c'], null])).map((row) => row.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(loadedItems(undefined)).toEqual([]);
  });

  it('removes, changes and prepends items while each page keeps its cursor', () => {
    const data = list([['a', 'b'], 'c1'], [['c'], null]);
    expect(ids(withoutItem(data, 'b'))).toEqual([['a'], ['c']]);
    expect(withoutItem(data, 'b')?.pages.map((page) => page.nextCursor)).toEqual(['c1', null]);
    expect(withItemChanged(data, 'c', (row) => ({ ...row, name: 'new' }))?.pages[1]?.items).toEqual([
      { id: 'c', name: 'new' },
    ]);
    expect(ids(withItemFirst(data, { id: 'n' }))).toEqual([['n', 'a', 'b'], ['c']]);
    expect(ids(withItemFirst(data, { id: 'c' }))).toEqual([['c', 'a', 'b'], []]);
  });

  it('leaves queries that are not paged lists alone, and finds an item in any list', () => {
    const plain = [{ id: 'a' }] as unknown as PagedList<Row>;
    expect(withoutItem(plain, 'a')).toBe(plain);
    expect(withoutItem(undefined, 'a')).toBeUndefined();
    expect(findLoaded([undefined, plain, list([['x', 'y'], null])], 'y')).toEqual({ id: 'y' });
    expect(findLoaded([list([['x'], null])], 'nope')).toBeUndefined();
  });
});
