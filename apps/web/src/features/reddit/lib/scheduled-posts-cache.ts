import type { ScheduledPost } from '@app/shared/posts';
import { editPages, withoutItem, type PagedList } from '../../../lib/paged-list';

/** The pending group's order as the API gives it: soonest scheduled first, ties by id. */
export function soonerFirst(a: ScheduledPost, b: ScheduledPost): number {
  const byTime = Date.parse(a.scheduledAt) - Date.parse(b.scheduledAt);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * A new or changed pending post put where the API would list it, so a schedule or a "send now"
 * shows at once and in order. A post that sorts after every loaded one while more pages follow is
 * left out: the page that holds it brings it, where it belongs. Anything not pending only leaves.
 */
export function withPendingPostPlaced(
  data: PagedList<ScheduledPost> | undefined,
  post: ScheduledPost,
): PagedList<ScheduledPost> | undefined {
  const without = withoutItem(data, post.id);
  if (!without || !Array.isArray(without.pages) || post.status !== 'pending') return without;
  const pages = without.pages;
  let target = pages.findIndex((page) => page.items.some((item) => soonerFirst(post, item) < 0));
  if (target === -1) {
    const lastPage = pages[pages.length - 1];
    if (!lastPage || lastPage.nextCursor) return without;
    target = pages.length - 1;
  }
  return editPages(without, (items, index) => {
    if (index !== target) return items;
    const at = items.findIndex((item) => soonerFirst(post, item) < 0);
    return at === -1 ? [...items, post] : [...items.slice(0, at), post, ...items.slice(at)];
  });
}
