/** How a list of items is cut into rows of a responsive grid; pure, so it is tested without layout. */
export interface GridLayout {
  columns: number;
  /** Space between cells and between rows, in CSS pixels. */
  gap: number;
}

export interface GridBreakpoint {
  /** From this list width (CSS pixels) on… */
  minWidth: number;
  /** …this many columns, with this gap. */
  columns: number;
  gap: number;
}

/**
 * The layout for the list's own width: the last breakpoint it reaches. The width is the list's,
 * not the window's, so a list in a narrower column still gets cards of a sensible size. Before the
 * list is measured (width 0) the narrowest layout applies.
 */
export function layoutFor(width: number, breakpoints: readonly GridBreakpoint[]): GridLayout {
  let chosen = breakpoints[0] ?? { minWidth: 0, columns: 1, gap: 0 };
  for (const breakpoint of breakpoints) if (width >= breakpoint.minWidth) chosen = breakpoint;
  return { columns: Math.max(1, Math.floor(chosen.columns)), gap: chosen.gap };
}

export function rowCount(itemCount: number, columns: number): number {
  return Math.ceil(itemCount / columns);
}

/** The first and one-past-last item index in this row. */
export function rowSpan(row: number, columns: number, itemCount: number): [start: number, end: number] {
  const start = row * columns;
  return [start, Math.min(start + columns, itemCount)];
}

export function rowOf(index: number, columns: number): number {
  return Math.floor(index / columns);
}

/** Each cell's width once the gaps between `columns` cells are taken from `width`. */
export function cellWidth(width: number, { columns, gap }: GridLayout): number {
  return Math.max(0, (width - gap * (columns - 1)) / columns);
}
