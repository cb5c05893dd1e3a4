import type { InfiniteData } from '@tanstack/react-query';
import type { CursorPage } from './request';

/** An infinite query's cache for a cursor-paged list: its pages, each with the next page's cursor. */
export type PagedList<Item> = InfiniteData<CursorPage<Item[]>>;

/** The first page is asked for without a cursor. */
export const firstCursor = null as string | null;

/** getNextPageParam for every cursor-paged list: no X-Next-Cursor header means the last page. */
export const nextCursorOf = (page: CursorPage<unknown>) => page.nextCursor ?? undefined;

/**
 * Every loaded item once, in page order. A refetch reads the pages one after another, so an item
 * added or removed meanwhile may appear at the end of one page and the start of the next.
 */
export function loadedItems<Item extends { id: string }>(data: PagedList<Item> | undefined): Item[] {
  const seen = new Set<string>();
  const items: Item[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/**
 * Applies `change` to each loaded page's items; the cursors stay, since they name sort keys, not
 * positions. Anything but a paged list is left alone: setQueriesData reaches every query under a
 * key prefix, and another feature's plain-array query may live there.
 */
export function editPages<Item>(
  data: PagedList<Item> | undefined,
  change: (items: Item[], pageIndex: number) => Item[],
): PagedList<Item> | undefined {
  if (!data || !Array.isArray(data.pages)) return data;
  return { ...data, pages: data.pages.map((page, index) => ({ ...page, items: change(page.items, index) })) };
}

export function withoutItem<Item extends { id: string }>(data: PagedList<Item> | undefined, id: string) {
  return editPages(data, (items) => items.filter((item) => item.id !== id));
}

export function withItemChanged<Item extends { id: string }>(
  data: PagedList<Item> | undefined,
  id: string,
  change: (item: Item) => Item,
) {
  return editPages(data, (items) => items.map((item) => (item.id === id ? change(item) : item)));
}

/** A new item on top of the first page (the lists are newest first), once. */
export function withItemFirst<Item extends { id: string }>(data: PagedList<Item> | undefined, item: Item) {
  return editPages(withoutItem(data, item.id), (items, index) => (index === 0 ? [item, ...items] : items));
}

/** The loaded item with this id, from any of the given lists. */
export function findLoaded<Item extends { id: string }>(
  lists: ReadonlyArray<PagedList<Item> | undefined>,
  id: string,
): Item | undefined {
  for (const list of lists) {
    for (const page of list?.pages ?? []) {
      const found = page.items.find((item) => item.id === id);
      if (found) return found;
    }
  }
  return undefined;
}
