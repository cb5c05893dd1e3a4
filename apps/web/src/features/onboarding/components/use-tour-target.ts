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
    // Once she scrolls, where the page rests is hers: the step stops moving it.
    let userTookOver = false;
    // The page's height when a scroll ended short of the target because the page ended there.
    let clampedAtHeight: number | null = null;
    const userScrolled = () => {
      settling = false;
      userTookOver = true;
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
      } else if (scrolledTo !== null) {
        const height = document.documentElement.scrollHeight;
        const unclamped = Math.max(0, scrolledTo - headerClearance);
        const wanted = Math.min(unclamped, height - window.innerHeight);
        if (settling) {
          restingFrames = window.scrollY === lastY ? restingFrames + 1 : 0;
          const arrived = Math.abs(window.scrollY - wanted) <= 2;
          if (!arrived && restingFrames >= 10) window.scrollTo({ top: wanted, behavior: 'auto' });
          if (arrived || restingFrames >= 10) {
            settling = false;
            clampedAtHeight = wanted < unclamped - 2 ? height : null;
          }
        } else if (!userTookOver && clampedAtHeight !== null && height !== clampedAtHeight) {
          // The page was too short to bring the target up (the cards below it were still loading)
          // and has grown since: the scroll goes on to the target.
          clampedAtHeight = null;
          scrollToTarget(scrolledTo);
          settling = true;
          restingFrames = 0;
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
