import { useEffect, useState, type FocusEvent, type ReactNode } from 'react';
import { defaultRangeExtractor, useWindowVirtualizer } from '@tanstack/react-virtual';
import { cn } from '../ui/cn';
import { cellWidth, layoutFor, rowCount, rowOf, rowSpan, type GridBreakpoint } from './grid-layout';
import { useListGeometry } from './use-list-geometry';

export interface VirtualGridProps<Item> {
  items: readonly Item[];
  itemKey: (item: Item) => string;
  renderItem: (item: Item, index: number) => ReactNode;
  /** Columns and gap by the list's own width; one breakpoint for a plain list. */
  breakpoints: readonly GridBreakpoint[];
  /** A row's height before it is measured, from the width of one cell. */
  estimateRowHeight: (cellWidth: number) => number;
  /** The whole list's length when known; -1 while more pages may follow (aria-setsize). */
  setSize: number;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** The list shown while another answer loads (a new filter): marked busy and dimmed. */
  'aria-busy'?: boolean;
  className?: string;
}

/** Rows drawn beyond the viewport each way, so Tab and fast scrolling find the next ones ready. */
const overscanRows = 3;

function withRow(indexes: number[], row: number): number[] {
  if (row < 0 || indexes.includes(row)) return indexes;
  return [...indexes, row].sort((a, b) => a - b);
}

/**
 * A window-scrolled list that renders only the rows near the viewport (docs/decisions/032): 2,000
 * photos stay a few dozen DOM nodes. Items are cut into rows of a grid whose columns follow the
 * list's own width; each row is measured once drawn, so cards may be any height.
 *
 * Accessibility: the list and its items keep their roles (ARIA ones, because rows need wrapper
 * elements that a <ul> may not hold), each item says where it is in the whole list
 * (aria-posinset/aria-setsize), and the row holding focus is never unmounted, so focus is not
 * dropped when the user scrolls away from it.
 */
export function VirtualGrid<Item>(props: VirtualGridProps<Item>) {
  const { items, itemKey, renderItem, breakpoints, estimateRowHeight, setSize } = props;
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const { width, top } = useListGeometry(node);
  const layout = layoutFor(width, breakpoints);
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const focusedIndex = focusedKey === null ? -1 : items.findIndex((item) => itemKey(item) === focusedKey);
  const focusedRow = focusedIndex < 0 ? -1 : rowOf(focusedIndex, layout.columns);
  const estimate = estimateRowHeight(cellWidth(width, layout));

  const virtualizer = useWindowVirtualizer({
    count: rowCount(items.length, layout.columns),
    estimateSize: () => estimate,
    overscan: overscanRows,
    scrollMargin: top,
    gap: layout.gap,
    rangeExtractor: (range) => withRow(defaultRangeExtractor(range), focusedRow),
  });

  // Rows measured at another width or column count hold other items now: measure them again.
  // measure() forgets every size, and rows already drawn get no resize callback when their size
  // stays the same, so they are measured here at once, against the layout recomputed from the
  // estimates (getVirtualItems); otherwise a card taller than the estimate overlapped whatever
  // followed the list. resizeItem, not measureElement: measureElement skips rows while the window
  // scrolls, as it does when a reloaded page gets its scroll position back, and the row then kept
  // the estimate for good.
  useEffect(() => {
    virtualizer.measure();
    virtualizer.getVirtualItems();
    for (const row of virtualizer.elementsCache.values()) {
      if (!row.isConnected) continue;
      const index = Number(row.getAttribute('data-index'));
      virtualizer.resizeItem(index, virtualizer.options.measureElement(row, undefined, virtualizer));
    }
  }, [virtualizer, width, layout.columns]);

  function onFocus(event: FocusEvent<HTMLDivElement>) {
    const item = event.target.closest<HTMLElement>('[data-item-key]');
    setFocusedKey(item?.dataset.itemKey ?? null);
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (!event.relatedTarget || !event.currentTarget.contains(event.relatedTarget)) setFocusedKey(null);
  }

  return (
    <div
      ref={setNode}
      role="list"
      aria-label={props['aria-label']}
      aria-labelledby={props['aria-labelledby']}
      aria-busy={props['aria-busy'] || undefined}
      className={cn(
        'relative w-full transition-opacity',
        props['aria-busy'] && 'opacity-60',
        props.className,
      )}
      style={{ height: virtualizer.getTotalSize() }}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const [start, end] = rowSpan(row.index, layout.columns, items.length);
        return (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className="absolute inset-x-0 top-0 grid"
            style={{
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
              gridTemplateColumns: `repeat(${layout.columns}, minmax(0, 1fr))`,
              gap: layout.gap,
            }}
          >
            {items.slice(start, end).map((item, offset) => (
              <div
                key={itemKey(item)}
                role="listitem"
                data-item-key={itemKey(item)}
                aria-posinset={start + offset + 1}
                aria-setsize={setSize}
                className="min-w-0"
              >
                {renderItem(item, start + offset)}
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
