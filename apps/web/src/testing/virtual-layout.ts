import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * jsdom lays nothing out: every size is 0, so a virtualised list would render all its rows. These
 * stand-ins give it the few sizes @tanstack/react-virtual reads (the way its own tests mock
 * offsetHeight and the window): the window's height and scroll position, each row's height
 * (elements with data-index), and lists' width through ResizeObserver and getBoundingClientRect.
 */
export function stubVirtualLayout({
  rowHeight,
  listWidth,
  windowHeight = 800,
}: {
  rowHeight: number;
  listWidth: number;
  windowHeight?: number;
}) {
  let scrollY = 0;
  let scrollOnListRead: number | null = null;
  vi.spyOn(window, 'innerHeight', 'get').mockImplementation(() => windowHeight);
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute('data-index') ? rowHeight : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const isList = this.getAttribute('role') === 'list';
    if (isList && scrollOnListRead !== null) {
      scrollY = scrollOnListRead;
      scrollOnListRead = null;
      window.dispatchEvent(new Event('scroll'));
    }
    const width = isList ? listWidth : 0;
    return DOMRect.fromRect({ x: 0, y: -scrollY, width, height: 0 });
  });

  /** Calls back once per observed element, as browsers do when observing starts. */
  class MeasuringResizeObserver {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      queueMicrotask(() =>
        this.callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver),
      );
    }
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal('ResizeObserver', MeasuringResizeObserver);
  window.ResizeObserver = MeasuringResizeObserver;

  return {
    /**
     * The next time a list's box is read, the window first scrolls to y: the browser restoring the
     * scroll position of a reloaded page while the list learns its width.
     */
    scrollWhenListIsMeasured(y: number) {
      scrollOnListRead = y;
    },
    /** Scrolls the window and lets the virtualiser react, as a scroll event would. */
    scrollTo(y: number) {
      scrollY = y;
      act(() => {
        window.dispatchEvent(new Event('scroll'));
      });
    },
  };
}
