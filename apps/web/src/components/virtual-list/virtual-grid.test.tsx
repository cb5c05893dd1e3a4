import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubVirtualLayout } from '../../testing/virtual-layout';
import { VirtualGrid } from './virtual-grid';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const oneColumn = [{ minWidth: 0, columns: 1, gap: 12 }] as const;

/** Three posts whose cards are estimated at 190 px; returns the list once all three are drawn. */
async function renderThreePosts() {
  render(
    <VirtualGrid
      aria-label="Posts"
      items={['a', 'b', 'c']}
      itemKey={(item) => item}
      renderItem={(item) => <p>Post {item}</p>}
      breakpoints={oneColumn}
      estimateRowHeight={() => 190}
      setSize={3}
    />,
  );
  await screen.findByText('Post c');
  return screen.getByRole('list', { name: 'Posts' });
}

describe('VirtualGrid', () => {
  it('stays as tall as its drawn rows after it learns its width (no card overlaps what follows)', async () => {
    // Cards taller than the estimate, as a sent post with its removal and engagement lines is.
    stubVirtualLayout({ rowHeight: 330, listWidth: 390 });
    const list = await renderThreePosts();
    // The width arrives after the rows were first measured; measuring again must not fall back to
    // the 190 px estimate for rows already in the page (their size did not change, so no resize
    // callback would correct it).
    await vi.waitFor(() => expect(Number.parseFloat(list.style.height)).toBe(3 * 330 + 2 * 12));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(Number.parseFloat(list.style.height)).toBe(3 * 330 + 2 * 12);
  });

  it('measures its drawn rows when it learns its width while the window scrolls (a reload restoring the position)', async () => {
    const layout = stubVirtualLayout({ rowHeight: 330, listWidth: 390 });
    layout.scrollWhenListIsMeasured(120);
    const list = await renderThreePosts();
    // The virtualiser skips measuring while the window scrolls, and a row whose size does not change
    // gets no resize callback afterwards: the list must still end up as tall as its rows.
    await vi.waitFor(() => expect(Number.parseFloat(list.style.height)).toBe(3 * 330 + 2 * 12));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(Number.parseFloat(list.style.height)).toBe(3 * 330 + 2 * 12);
  });
});
