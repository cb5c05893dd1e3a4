import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` once the placeholder comes within `margin` of the viewport, and from then on.
 * For heavy parts far down a page (the dashboard's charts): a phone that never scrolls there never
 * downloads or runs their code. Without IntersectionObserver (old browsers, tests) it renders at once.
 */
export function RenderWhenNear({
  children,
  placeholder,
  margin = '600px',
}: {
  children: ReactNode;
  placeholder: ReactNode;
  margin?: string;
}) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = anchor.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? children : <div ref={anchor}>{placeholder}</div>;
}
