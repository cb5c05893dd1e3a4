import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A stand-in IntersectionObserver (jsdom has none) that the test drives. `scrollIntoView()` is one
 * scroll to a list's end: every current observer hears that its element came into view (the page
 * then grows and the end moves away again). `keepInView()` is a list whose end stays in view (its
 * pages add little to it): observers report it even as they start, as browsers do on observe().
 */
export function stubIntersectionObserver() {
  const observers = new Set<FakeIntersectionObserver>();
  let alwaysInView = false;

  class FakeIntersectionObserver {
    readonly targets = new Set<Element>();
    constructor(private readonly callback: IntersectionObserverCallback) {
      observers.add(this);
    }
    observe(target: Element) {
      this.targets.add(target);
      if (alwaysInView) queueMicrotask(() => act(() => this.enter()));
    }
    unobserve(target: Element) {
      this.targets.delete(target);
    }
    disconnect() {
      this.targets.clear();
      observers.delete(this);
    }
    takeRecords() {
      return [];
    }
    enter() {
      const entries = [...this.targets].map(
        (target) => ({ target, isIntersecting: true, intersectionRatio: 1 }) as IntersectionObserverEntry,
      );
      if (entries.length) this.callback(entries, this as unknown as IntersectionObserver);
    }
  }

  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return {
    /** How many elements are watched right now (0 while a page loads, and once there is no next page). */
    get watched() {
      return [...observers].reduce((count, observer) => count + observer.targets.size, 0);
    },
    scrollIntoView() {
      act(() => {
        for (const observer of [...observers]) observer.enter();
      });
    },
    keepInView() {
      alwaysInView = true;
      this.scrollIntoView();
    },
  };
}
