import { vi } from 'vitest';

/**
 * jsdom lays nothing out, so every element measures 0×0 and recharts' ResponsiveContainer draws
 * nothing; give the chart containers a size (tests restore mocks afterwards).
 */
export function giveChartsASize(width = 600, height = 240) {
  const original = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (!this.classList.contains('recharts-responsive-container')) return original.call(this);
    return { x: 0, y: 0, top: 0, left: 0, right: width, bottom: height, width, height, toJSON: () => ({}) };
  });
}

/** The hidden table whose caption matches; found by text, which is far quicker than by role in a DOM full of SVG. */
export function tableByCaption(container: HTMLElement, caption: string | RegExp): HTMLTableElement {
  const captions = [...container.querySelectorAll('table > caption')];
  const match = captions.find((c) =>
    typeof caption === 'string' ? c.textContent === caption : caption.test(c.textContent ?? ''),
  );
  if (!match) throw new Error(`No table captioned ${String(caption)}`);
  return match.parentElement as HTMLTableElement;
}

/** Each body row's cells joined with " | ". */
export function rowsOf(table: HTMLTableElement): string[] {
  return [...table.tBodies[0]!.rows].map((row) => [...row.cells].map((cell) => cell.textContent).join(' | '));
}
