import { describe, expect, it } from 'vitest';
import { cellWidth, layoutFor, rowCount, rowOf, rowSpan } from './grid-layout';

const breakpoints = [
  { minWidth: 0, columns: 2, gap: 12 },
  { minWidth: 592, columns: 2, gap: 16 },
  { minWidth: 720, columns: 3, gap: 16 },
  { minWidth: 960, columns: 4, gap: 16 },
];

describe('grid rows for a virtualised list', () => {
  it('takes columns and gap from the last breakpoint the width reaches', () => {
    expect(layoutFor(0, breakpoints)).toEqual({ columns: 2, gap: 12 });
    expect(layoutFor(358, breakpoints)).toEqual({ columns: 2, gap: 12 });
    expect(layoutFor(719, breakpoints)).toEqual({ columns: 2, gap: 16 });
    expect(layoutFor(720, breakpoints)).toEqual({ columns: 3, gap: 16 });
    expect(layoutFor(1216, breakpoints)).toEqual({ columns: 4, gap: 16 });
    expect(layoutFor(500, [])).toEqual({ columns: 1, gap: 0 });
  });

  it('cuts 2,000 items into rows, the last one short', () => {
    expect(rowCount(2_000, 4)).toBe(500);
    expect(rowCount(2_001, 4)).toBe(501);
    expect(rowCount(0, 3)).toBe(0);
    expect(rowSpan(0, 4, 2_001)).toEqual([0, 4]);
    expect(rowSpan(500, 4, 2_001)).toEqual([2_000, 2_001]);
    expect(rowOf(1_999, 4)).toBe(499);
    expect(rowOf(2_000, 4)).toBe(500);
  });

  it('gives each cell the width left after the gaps', () => {
    expect(cellWidth(358, { columns: 2, gap: 12 })).toBe(173);
    expect(cellWidth(0, { columns: 3, gap: 16 })).toBe(0);
  });
});
