/** Elements whose clicks are recorded: anything marked data-track, and the header's links and buttons. */
export const trackedClickSelector = '[data-track], header a[href], header button';

/** What a click on a tracked element records, as the page shows it (the tracker trims and checks it). */
export interface ClickedElement {
  element: string;
  type: string;
  href: string | null;
  text: string;
}

/** The tracked element a click landed in, read at the moment of the click; null when none. */
export function clickedElement(target: EventTarget | null): ClickedElement | null {
  const candidate = target as Element | null;
  const element = typeof candidate?.closest === 'function' ? candidate.closest(trackedClickSelector) : null;
  if (!element) return null;
  const tag = element.tagName.toLowerCase();
  const type = tag === 'a' ? 'link' : tag === 'button' ? 'button' : tag;
  return {
    element: element.getAttribute('data-track')?.trim() || `header-${type}`,
    type,
    href: element.getAttribute('href'),
    text: (element.textContent ?? '').replace(/\s+/g, ' ').trim() || element.getAttribute('aria-label') || '',
  };
}
