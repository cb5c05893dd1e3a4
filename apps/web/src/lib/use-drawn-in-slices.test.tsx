import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDrawnInSlices } from './use-drawn-in-slices';

function Probe({ value, drawn }: { value: string | undefined; drawn: (string | undefined)[] }) {
  const shown = useDrawnInSlices(value);
  drawn.push(shown);
  return <p>{shown ?? 'skeleton'}</p>;
}

describe('useDrawnInSlices', () => {
  it('keeps the skeleton for the urgent render of the first answer, draws it in a background render, and shows later changes at once', () => {
    const drawn: (string | undefined)[] = [];
    const { rerender, getByText } = render(<Probe value={undefined} drawn={drawn} />);
    expect(drawn).toEqual([undefined]);

    // The first answer: the urgent render still draws the skeleton; the answer follows in a
    // render of its own (the deferred one, which React may slice).
    rerender(<Probe value="2,000 photos" drawn={drawn} />);
    expect(drawn).toEqual([undefined, undefined, '2,000 photos']);
    expect(getByText('2,000 photos')).toBeInTheDocument();

    // A later change (a delete, another page) is drawn in the urgent render itself (React may
    // render once more for the deferred value, which draws the same).
    drawn.length = 0;
    rerender(<Probe value="1,999 photos" drawn={drawn} />);
    expect(drawn[0]).toBe('1,999 photos');
    expect(new Set(drawn)).toEqual(new Set(['1,999 photos']));
    expect(getByText('1,999 photos')).toBeInTheDocument();
  });
});
