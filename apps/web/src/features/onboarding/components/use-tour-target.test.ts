import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTourTarget } from './use-tour-target';

/**
 * A phone's page in numbers: the target's place in the page, how tall the page is and where it is
 * scrolled. scrollTo stops where the page ends, as a browser's does.
 */
const page = { targetTop: 2339, height: 2563, scrollY: 0 };
const viewportHeight = 844;
let frames: FrameRequestCallback[] = [];

function runFrames(count: number) {
  for (let index = 0; index < count; index += 1) {
    const due = frames;
    frames = [];
    act(() => {
      for (const callback of due) callback(index * 16);
    });
  }
}

beforeEach(() => {
  page.targetTop = 2339;
  page.height = 2563;
  page.scrollY = 0;
  frames = [];
  const target = document.createElement('section');
  target.setAttribute('data-tour', 'analytics');
  target.getBoundingClientRect = () =>
    ({ top: page.targetTop - page.scrollY, left: 16, width: 358, height: 2152 }) as DOMRect;
  document.body.append(target);
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => page.scrollY);
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(viewportHeight);
  vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockImplementation(() => page.height);
  window.scrollTo = ((options: ScrollToOptions) => {
    page.scrollY = Math.max(0, Math.min(options.top ?? 0, page.height - viewportHeight));
  }) as typeof window.scrollTo;
});

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useTourTarget', () => {
  it('scrolls the target up under the header', () => {
    page.height = 5000;
    renderHook(() => useTourTarget('analytics'));
    runFrames(3);
    expect(page.scrollY).toBe(2339 - 96);
  });

  it('goes on scrolling to the target when the page, too short at first, grows as cards below load', () => {
    renderHook(() => useTourTarget('analytics'));
    runFrames(15);
    expect(page.scrollY).toBe(2563 - viewportHeight); // the page ended there
    page.height = 4523;
    runFrames(3);
    expect(page.scrollY).toBe(2339 - 96);
  });

  it('leaves the page where the creator scrolled it, even when it grows afterwards', () => {
    renderHook(() => useTourTarget('analytics'));
    runFrames(15);
    window.dispatchEvent(new Event('wheel'));
    page.scrollY = 300;
    page.height = 4523;
    runFrames(15);
    expect(page.scrollY).toBe(300);
  });

  it('does not scroll back once the target was reached, when the page grows below it', () => {
    page.height = 4000;
    renderHook(() => useTourTarget('analytics'));
    runFrames(15);
    expect(page.scrollY).toBe(2339 - 96);
    page.scrollY = 1000; // a scrollbar drag fires no wheel, touch or key event
    page.height = 4523;
    runFrames(15);
    expect(page.scrollY).toBe(1000);
  });
});
