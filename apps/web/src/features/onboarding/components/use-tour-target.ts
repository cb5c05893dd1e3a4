import { useEffect, useState } from 'react';

export interface TargetBox {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** Room left above the target for the sticky header, so the highlight is not tucked under it. */
const headerClearance = 96;

function scrollToTarget(pageTop: number) {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
  window.scrollTo({
    top: Math.max(0, pageTop - headerClearance),
    behavior: reduceMotion ? 'auto' : 'smooth',
  });
}

function boxOf(element: HTMLElement | null): TargetBox | null {
  if (!element) return null;
  const { top, left, width, height } = element.getBoundingClientRect();
  return width > 0 && height > 0 ? { top, left, width, height } : null;
}

/**
 * Where the step's `data-tour` element is on screen, or null when this page has none. Polled once a
 * frame because the dashboard renders its cards lazily and scrolling or resizing moves them.
 */
export function useTourTarget(target: string | null): TargetBox | null {
  const [box, setBox] = useState<TargetBox | null>(null);

  useEffect(() => {
    let frame = 0;
    let scrolledTo: number | null = null;
    let last = '';
    // A smooth scroll can stop short (the page's own layout work interrupts it). While the creator
    // has not scrolled herself, a scroll that came to rest away from the target is finished at once.
    let settling = false;
    let restingFrames = 0;
    let lastY = window.scrollY;
    const userScrolled = () => {
      settling = false;
    };
    const userEvents = ['wheel', 'touchstart', 'keydown'] as const;
    for (const name of userEvents) window.addEventListener(name, userScrolled, { passive: true });
    const tick = () => {
      const element = target ? document.querySelector<HTMLElement>(`[data-tour="${target}"]`) : null;
      const next = boxOf(element);
      // Scroll again only when the target moves within the page (content above it loaded late),
      // never because the user scrolled: that changes the viewport, not the target's page position.
      const pageTop = next ? Math.round(next.top + window.scrollY) : null;
      if (pageTop !== null && (scrolledTo === null || Math.abs(pageTop - scrolledTo) > 1)) {
        scrolledTo = pageTop;
        scrollToTarget(pageTop);
        settling = true;
        restingFrames = 0;
      } else if (settling && scrolledTo !== null) {
        restingFrames = window.scrollY === lastY ? restingFrames + 1 : 0;
        const wanted = Math.min(
          Math.max(0, scrolledTo - headerClearance),
          document.documentElement.scrollHeight - window.innerHeight,
        );
        if (Math.abs(window.scrollY - wanted) <= 2) settling = false;
        else if (restingFrames >= 10) {
          settling = false;
          window.scrollTo({ top: wanted, behavior: 'auto' });
        }
      }
      lastY = window.scrollY;
      const key = JSON.stringify(next);
      if (key !== last) {
        last = key;
        setBox(next);
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      for (const name of userEvents) window.removeEventListener(name, userScrolled);
    };
  }, [target]);

  return box;
}
