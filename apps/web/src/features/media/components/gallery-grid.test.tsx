import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAsset } from '../../../testing/media-fixtures';
import { stubVirtualLayout } from '../../../testing/virtual-layout';
import { GalleryGrid } from './gallery-grid';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const photos = (count: number) =>
  Array.from({ length: count }, (_, index) => makeAsset({ filename: `photo-${index + 1}.jpg` }));

function renderGrid(count: number) {
  const onOpen = vi.fn();
  render(<GalleryGrid images={photos(count)} onOpen={onOpen} setSize={count} label="Your images" />);
  return { list: screen.getByRole('list', { name: 'Your images' }), onOpen };
}

const positions = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => Number(item.getAttribute('aria-posinset')));

describe('gallery grid with 2,000 photos', () => {
  it('renders a few rows of the grid, each item saying where it is in the whole gallery', async () => {
    stubVirtualLayout({ rowHeight: 300, listWidth: 1_000 });
    const { list } = renderGrid(2_000);
    // 1,000 px wide: four columns; an 800 px window shows three rows, plus a few drawn ahead.
    await screen.findByRole('button', { name: 'View details of photo-4.jpg' });
    const shown = positions(list);
    expect(shown.length).toBeGreaterThanOrEqual(12);
    expect(shown.length).toBeLessThanOrEqual(40);
    expect(shown.slice(0, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '2000');
    expect(screen.queryByRole('button', { name: 'View details of photo-2000.jpg' })).not.toBeInTheDocument();
    // The list is as tall as all 500 rows and the 499 gaps between them (rows not drawn yet count
    // at their estimate, the photo's width plus its caption), so the page scrolls to its end. Waited
    // for: until the grid has learned its width it lays out more columns (a busy machine saw 8).
    await waitFor(() => {
      const height = Number.parseFloat(list.style.height);
      expect(height).toBeGreaterThanOrEqual(500 * 300 + 499 * 16);
      expect(height).toBeLessThanOrEqual(500 * (238 + 64) + 499 * 16);
    });
  });

  it('reaches the last photo when scrolled to the end, still with few items in the page', async () => {
    const layout = stubVirtualLayout({ rowHeight: 300, listWidth: 1_000 });
    const { list } = renderGrid(2_000);
    await screen.findByRole('button', { name: 'View details of photo-1.jpg' });
    layout.scrollTo(500 * 316 - 800);
    const last = await screen.findByRole('button', { name: 'View details of photo-2000.jpg' });
    expect(last.closest('[role="listitem"]')).toHaveAttribute('aria-posinset', '2000');
    expect(positions(list).length).toBeLessThanOrEqual(40);
    expect(screen.queryByRole('button', { name: 'View details of photo-1.jpg' })).not.toBeInTheDocument();
  });

  it('keeps the card that has focus in the page while it is scrolled out of view', async () => {
    const layout = stubVirtualLayout({ rowHeight: 300, listWidth: 1_000 });
    const { list } = renderGrid(2_000);
    const first = await screen.findByRole('button', { name: 'View details of photo-1.jpg' });
    first.focus();
    layout.scrollTo(250 * 316);
    await screen.findByRole('button', { name: 'View details of photo-1000.jpg' });
    expect(first).toBeInTheDocument();
    expect(first).toHaveFocus();
    expect(positions(list).length).toBeLessThanOrEqual(44);
  });

  it('uses two columns in a phone-wide list', async () => {
    stubVirtualLayout({ rowHeight: 250, listWidth: 358 });
    const { list } = renderGrid(2_000);
    await screen.findByRole('button', { name: 'View details of photo-1.jpg' });
    const firstRow = list.querySelector<HTMLElement>('[data-index="0"]')!;
    expect(firstRow.style.gridTemplateColumns).toBe('repeat(2, minmax(0, 1fr))');
    expect(within(firstRow).getAllByRole('listitem')).toHaveLength(2);
  });
});
