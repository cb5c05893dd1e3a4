import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CategoryTick, fitLabel } from './category-tick';

describe('category axis labels', () => {
  it('keeps the start of a long path and cuts it at the end', () => {
    expect(fitLabel('/reddit/communities', 30)).toBe('/reddit/communities');
    expect(fitLabel('/reddit/communities', 12)).toBe('/reddit/com…');
  });

  it('shows the full path as its tooltip, left-aligned inside the axis', () => {
    const { container } = render(
      <svg>
        <CategoryTick
          x={160}
          y={20}
          width={160}
          payload={{ value: '/reddit/communities/a-very-long-name' }}
        />
      </svg>,
    );
    const text = container.querySelector('text')!;
    expect(container.querySelector('title')).toHaveTextContent('/reddit/communities/a-very-long-name');
    expect(text).toHaveTextContent('/reddit/communities/a-…');
    expect(text).toHaveAttribute('text-anchor', 'start');
  });
});
