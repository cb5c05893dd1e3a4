import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordEarlyEvents } from './early-events';
import { AnalyticsTracker } from './tracker';

/** A router stand-in: the location, and a way to move it as React Router would. */
function fakeRouter(pathname: string) {
  const listeners = new Set<() => void>();
  const router = {
    state: { location: { pathname } },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const navigate = (next: string) => {
    window.history.pushState(null, '', next);
    router.state = { location: { pathname: next } };
    for (const listener of listeners) listener();
  };
  return { router, navigate, listeners };
}

// jsdom cannot follow links to other documents; the app's router would take these clicks anyway.
const stayOnPage = (event: MouseEvent) => event.preventDefault();

beforeEach(() => {
  document.addEventListener('click', stayOnPage);
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
  window.history.replaceState(null, '', '/');
  document.title = 'Home · Creator Studio';
  document.body.innerHTML = `<header><a href="/reddit?from=nav">Reddit</a></header><main><button>Plain</button></main>`;
});

afterEach(() => {
  document.removeEventListener('click', stayOnPage);
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
});

describe('what a visit does before the tracker is there', () => {
  it('records the first page, each new page with its title, and tracked clicks, with their times', () => {
    const { router, navigate, listeners } = fakeRouter('/');
    const recorder = recordEarlyEvents(router);
    vi.advanceTimersByTime(1_500);
    document.querySelector<HTMLElement>('main button')!.click(); // not tracked
    document.querySelector<HTMLElement>('header a')!.click();
    navigate('/reddit');
    document.title = 'Reddit · Creator Studio'; // the new page sets its title as it renders
    vi.advanceTimersByTime(0);
    navigate('/reddit'); // the same page again is no new page
    const events = recorder.take();
    const start = Date.parse('2026-11-24T12:00:00Z');
    expect(events).toEqual([
      { kind: 'page', path: '/', title: 'Home · Creator Studio', at: start, url: 'http://localhost:3000/' },
      {
        kind: 'click',
        click: { element: 'header-link', type: 'link', href: '/reddit?from=nav', text: 'Reddit' },
        at: start + 1_500,
        page: '/',
        url: 'http://localhost:3000/',
      },
      {
        kind: 'page',
        path: '/reddit',
        title: 'Reddit · Creator Studio',
        at: start + 1_500,
        url: 'http://localhost:3000/reddit',
      },
    ]);
    // Taking stops the recording; later calls hand over the same events.
    expect(listeners.size).toBe(0);
    document.querySelector<HTMLElement>('header a')!.click();
    expect(recorder.take()).toBe(events);
    expect(events).toHaveLength(3);
  });

  it('the tracker records them as if it had been there: own times, pages and URLs, one session', () => {
    const { router, navigate } = fakeRouter('/');
    const recorder = recordEarlyEvents(router);
    vi.advanceTimersByTime(2_000);
    document.querySelector<HTMLElement>('header a')!.click();
    navigate('/reddit');
    document.title = 'Reddit · Creator Studio';
    vi.advanceTimersByTime(3_000);

    const tracker = new AnalyticsTracker({ randomId: () => crypto.randomUUID(), warn: vi.fn() });
    tracker.enable();
    tracker.setHeld(true);
    tracker.replay(recorder.take());
    tracker.pageView('/reddit', 'Reddit'); // the tracker's own first call: the page it is already on
    tracker.endSession();
    const recorded = tracker.pending.map((event) => ({
      type: event.type,
      page: event.page,
      url: event.url,
      timestamp: event.timestamp,
      data: event.data,
    }));
    tracker.disable();
    expect(recorded).toEqual([
      {
        type: 'page_view',
        page: '/',
        url: 'http://localhost:3000/',
        timestamp: '2026-11-24T12:00:00.000Z',
        data: { title: 'Home · Creator Studio' },
      },
      {
        type: 'click',
        page: '/',
        url: 'http://localhost:3000/',
        timestamp: '2026-11-24T12:00:02.000Z',
        data: { element: 'header-link', href: '/reddit', text: 'Reddit', type: 'link' },
      },
      {
        type: 'page_end',
        page: '/',
        url: 'http://localhost:3000/reddit',
        timestamp: '2026-11-24T12:00:02.000Z',
        data: { path: '/', timeOnPage: 2, scrollDepth: expect.any(Number), exitPage: false },
      },
      {
        type: 'page_view',
        page: '/reddit',
        url: 'http://localhost:3000/reddit',
        timestamp: '2026-11-24T12:00:02.000Z',
        data: { title: 'Reddit · Creator Studio' },
      },
      {
        type: 'page_end',
        page: '/reddit',
        url: 'http://localhost:3000/reddit',
        timestamp: '2026-11-24T12:00:05.000Z',
        data: { path: '/reddit', timeOnPage: 3, scrollDepth: expect.any(Number), exitPage: true },
      },
      {
        type: 'session_end',
        page: '/reddit',
        url: 'http://localhost:3000/reddit',
        timestamp: '2026-11-24T12:00:05.000Z',
        data: { duration: 5, pageCount: 2, eventCount: 5 },
      },
    ]);
  });
});
