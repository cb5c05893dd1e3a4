import { clickedElement, type ClickedElement } from './click-data';
import type { LocationSource } from './use-tracker-run';

/** A page shown or a click made before the tracker's code arrived, with when and where it happened. */
export type EarlyEvent =
  | { kind: 'page'; path: string; title: string; at: number; url: string }
  | { kind: 'click'; click: ClickedElement; at: number; page: string; url: string };

export interface EarlyEventRecorder {
  /** Stops recording and hands over what was recorded, oldest first; the same events on every call. */
  take: () => readonly EarlyEvent[];
}

/** Kept at most, so a page left open with the tracker failing to load cannot grow without end. */
const maxEarlyEvents = 100;

/**
 * Records page views and tracked clicks from the first moment of a visit. The public app loads the
 * tracker (and zod, to check its events) only once the page is idle (decision 033); a visitor who
 * moves on quickly would otherwise leave pages and clicks unrecorded. Plain DOM, no dependencies:
 * it is part of the entry script.
 */
export function recordEarlyEvents(router: LocationSource): EarlyEventRecorder {
  const events: EarlyEvent[] = [];
  const push = (event: EarlyEvent) => {
    if (events.length < maxEarlyEvents) events.push(event);
  };
  let path = router.state.location.pathname;
  const recordPage = () => {
    const page: EarlyEvent = {
      kind: 'page',
      path,
      title: document.title,
      at: Date.now(),
      url: window.location.href,
    };
    push(page);
    // The new page sets its title as it renders, after the location changed.
    window.setTimeout(() => (page.title = document.title), 0);
  };
  recordPage();
  const unsubscribe = router.subscribe(() => {
    const next = router.state.location.pathname;
    if (next === path) return;
    path = next;
    recordPage();
  });
  const onClick = (event: MouseEvent) => {
    const click = clickedElement(event.target);
    if (click) push({ kind: 'click', click, at: Date.now(), page: path, url: window.location.href });
  };
  document.addEventListener('click', onClick, { capture: true });
  let recording = true;
  return {
    take() {
      if (recording) {
        recording = false;
        unsubscribe();
        document.removeEventListener('click', onClick, { capture: true });
      }
      return events;
    },
  };
}
