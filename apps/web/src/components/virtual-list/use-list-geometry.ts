import { useEffect, useState } from 'react';

export interface ListGeometry {
  /** The list's width in CSS pixels; 0 until it is measured. */
  width: number;
  /** How far below the top of the document the list starts (the window virtualiser's scrollMargin). */
  top: number;
}

/**
 * Measures a window-scrolled list whenever it or the page changes size: content above it (an
 * upload list, a filter bar wrapping) moves it down, a narrower window changes its columns.
 */
export function useListGeometry(node: HTMLElement | null): ListGeometry {
  const [geometry, setGeometry] = useState<ListGeometry>({ width: 0, top: 0 });

  useEffect(() => {
    if (!node || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const rect = node.getBoundingClientRect();
      const width = Math.round(rect.width);
      const top = Math.round(rect.top + window.scrollY);
      setGeometry((current) => (current.width === width && current.top === top ? current : { width, top }));
    };
    // Observing calls back once at the start, so the first measurement comes the same way.
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [node]);

  return geometry;
}
