import { useSyncExternalStore } from 'react';

function mediaList(query: string): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

/**
 * Whether a media query matches, live; `fallback` without matchMedia (tests). The calendar renders
 * one layout (grid or agenda) rather than hiding the other, so each post is in the page once.
 */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => mediaList(query)?.matches ?? fallback,
  );
}
