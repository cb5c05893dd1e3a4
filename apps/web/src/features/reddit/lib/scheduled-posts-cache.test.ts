import { describe, expect, it } from 'vitest';
import type { ScheduledPost } from '@app/shared/posts';
import type { PagedList } from '../../../lib/paged-list';
import { makePost } from '../testing/reddit-fixtures';
import { postGroups } from './post-groups';
import { withPendingPostPlaced } from './scheduled-posts-cache';

const at = (hours: number) => new Date(Date.UTC(2026, 10, 27, hours)).toISOString();
const post = (title: string, hours: number, overrides: Partial<ScheduledPost> = {}) =>
  makePost({ titleFinal: title, scheduledAt: at(hours), ...overrides });

function pages(...list: { items: ScheduledPost[]; nextCursor: string | null }[]): PagedList<ScheduledPost> {
  return { pages: list, pageParams: list.map((_, index) => (index === 0 ? null : `after-${index}`)) };
}

const titlesOf = (data: PagedList<ScheduledPost> | undefined) =>
  data?.pages.map((page) => page.items.map((item) => item.titleFinal));

describe('withPendingPostPlaced: the pending group’s cache after a schedule or a change', () => {
  const a = post('A', 1);
  const b = post('B', 3);
  const c = post('C', 5);
  const d = post('D', 7);
  const twoPages = pages({ items: [a, b], nextCursor: 'x' }, { items: [c, d], nextCursor: null });

  it('puts a new post where the API lists it, soonest first, across pages', () => {
    expect(titlesOf(withPendingPostPlaced(twoPages, post('New', 0)))).toEqual([
      ['New', 'A', 'B'],
      ['C', 'D'],
    ]);
    expect(titlesOf(withPendingPostPlaced(twoPages, post('New', 4)))).toEqual([
      ['A', 'B'],
      ['New', 'C', 'D'],
    ]);
  });

  it('breaks a tie of times by id, as the API does', () => {
    const first = post('First', 3, { id: '00000000-0000-4000-8000-000000000000' });
    const last = post('Last', 3, { id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' });
    expect(titlesOf(withPendingPostPlaced(twoPages, first))).toEqual([
      ['A', 'First', 'B'],
      ['C', 'D'],
    ]);
    expect(titlesOf(withPendingPostPlaced(twoPages, last))).toEqual([
      ['A', 'B'],
      ['Last', 'C', 'D'],
    ]);
  });

  it('adds a post later than all at the end of a complete list, and leaves it to a later page otherwise', () => {
    expect(titlesOf(withPendingPostPlaced(twoPages, post('Late', 9)))).toEqual([
      ['A', 'B'],
      ['C', 'D', 'Late'],
    ]);
    const more = pages({ items: [a, b], nextCursor: 'x' });
    expect(titlesOf(withPendingPostPlaced(more, post('Late', 9)))).toEqual([['A', 'B']]);
    expect(titlesOf(withPendingPostPlaced(pages({ items: [], nextCursor: null }), a))).toEqual([['A']]);
  });

  it('moves a changed post to its new time ("send now" goes to the top), once', () => {
    const sentNow = { ...d, scheduledAt: at(0) };
    expect(titlesOf(withPendingPostPlaced(twoPages, sentNow))).toEqual([['D', 'A', 'B'], ['C']]);
  });

  it('takes out a post that is no longer pending, and leaves a list not yet loaded alone', () => {
    expect(titlesOf(withPendingPostPlaced(twoPages, { ...b, status: 'sent' }))).toEqual([['A'], ['C', 'D']]);
    expect(withPendingPostPlaced(undefined, a)).toBeUndefined();
  });
});

describe('postGroups', () => {
  it('keeps each group’s order, and shows a post found in both once, as finished', () => {
    const a = post('A', 1);
    const b = post('B', 3);
    const sentB = { ...b, status: 'sent' as const };
    const failed = post('F', -2, { status: 'failed' });
    const { upcoming, finished } = postGroups([a, b], [sentB, failed]);
    expect(upcoming.map((item) => item.titleFinal)).toEqual(['A']);
    expect(finished).toEqual([sentB, failed]);
  });
});
