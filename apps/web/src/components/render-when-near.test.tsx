import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RenderWhenNear } from './render-when-near';

describe('RenderWhenNear', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the placeholder until the part comes near the viewport, then the part for good', () => {
    let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    const observe = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(
          callback: (entries: { isIntersecting: boolean }[]) => void,
          options: { rootMargin: string },
        ) {
          report = callback;
          expect(options.rootMargin).toBe('600px 0px');
        }
        observe = observe;
        disconnect() {}
      },
    );
    render(
      <RenderWhenNear placeholder={<p>Loading charts</p>}>
        <p>Charts</p>
      </RenderWhenNear>,
    );
    expect(screen.getByText('Loading charts')).toBeTruthy();
    expect(screen.queryByText('Charts')).toBeNull();
    expect(observe).toHaveBeenCalledTimes(1);
    act(() => report!([{ isIntersecting: false }]));
    expect(screen.queryByText('Charts')).toBeNull();
    act(() => report!([{ isIntersecting: true }]));
    expect(screen.getByText('Charts')).toBeTruthy();
    expect(screen.queryByText('Loading charts')).toBeNull();
  });

  it('renders at once where IntersectionObserver does not exist', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <RenderWhenNear placeholder={<p>Loading charts</p>}>
        <p>Charts</p>
      </RenderWhenNear>,
    );
    expect(screen.getByText('Charts')).toBeTruthy();
  });
});
