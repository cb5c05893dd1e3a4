import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsSessionStorageKey, type AnalyticsEvent } from '@app/shared/analytics';
import { AnalyticsTracker, maxQueuedEvents } from './tracker';
import type { TrackerEnvironment } from './browser-environment';

type Handler = (events: AnalyticsEvent[], token: string) => Response | Promise<Response>;

const trackers: AnalyticsTracker[] = [];
let visibility: DocumentVisibilityState = 'visible';

const ok: Handler = () => Response.json({ accepted: 1 });

function setup({ handler = ok, env = {} }: { handler?: Handler; env?: Partial<TrackerEnvironment> } = {}) {
  const requests: { events: AnalyticsEvent[]; init: RequestInit; path: string }[] = [];
  let current: Handler = handler;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const events = (JSON.parse(String(init.body)) as { events: AnalyticsEvent[] }).events;
    requests.push({ events, init, path: String(input) });
    return current(events, new Headers(init.headers).get('X-CSRF-Token') ?? '');
  });
  const scroll = { top: 0, viewportHeight: 1000, documentHeight: 4000 };
  let counter = 0;
  const warn = vi.fn();
  const tracker = new AnalyticsTracker({
    fetch: fetchMock,
    getCsrfToken: async () => 'token-1',
    refreshCsrfToken: async () => 'token-2',
    randomId: () => `id${String(++counter).padStart(6, '0')}`,
    scrollPosition: () => ({ ...scroll }),
    warn,
    ...env,
  });
  trackers.push(tracker);
  tracker.enable();
  const ids = (events: readonly AnalyticsEvent[]) => events.map((event) => event.id);
  const sentIds = () => requests.flatMap((request) => ids(request.events));
  return {
    tracker,
    fetchMock,
    requests,
    scroll,
    warn,
    ids,
    sentIds,
    respondWith: (next: Handler) => (current = next),
    feature: (n: number) => tracker.track('feature_usage', { feature: 'test', action: `action-${n}` }),
  };
}

/** Lets the awaited CSRF token and fetch promises settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});

afterEach(() => {
  for (const tracker of trackers.splice(0)) tracker.disable();
  vi.useRealTimers();
});

describe('batching (spec 9)', () => {
  it('sends nothing for four events and one POST when the fifth is queued', async () => {
    const { fetchMock, requests, feature, ids, tracker } = setup();
    const queued = [1, 2, 3, 4].map(feature);
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    queued.push(feature(5));
    await settle();
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.path).toBe('/api/analytics/events');
    expect(request?.init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    expect(new Headers(request?.init.headers).get('X-CSRF-Token')).toBe('token-1');
    expect(new Headers(request?.init.headers).get('Content-Type')).toBe('application/json');
    expect(ids(request?.events ?? [])).toEqual(ids(queued.map((event) => event!)));
    expect(tracker.pending).toEqual([]);
  });

  it('sends what waits every 30 seconds', async () => {
    const { requests, feature } = setup();
    feature(1);
    feature(2);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.events).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(requests).toHaveLength(1);
  });

  it('sends at once when the tab is hidden', async () => {
    const { requests, feature } = setup();
    feature(1);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.init.keepalive).toBe(true);
  });

  it('does not send when the tab becomes visible again', async () => {
    const { requests, feature } = setup();
    feature(1);
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(requests).toHaveLength(0);
  });

  it('ends the page and the session on pagehide and sends them with keepalive', async () => {
    const { requests, tracker } = setup();
    tracker.pageView('/gallery');
    await vi.advanceTimersByTimeAsync(12_000);
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.init.keepalive).toBe(true);
    const [view, end, sessionEnd] = requests[0]?.events ?? [];
    expect(view).toMatchObject({ type: 'page_view', page: '/gallery' });
    expect(end).toMatchObject({
      type: 'page_end',
      page: '/gallery',
      data: { path: '/gallery', timeOnPage: 12, scrollDepth: 25, exitPage: true },
    });
    expect(sessionEnd).toMatchObject({
      type: 'session_end',
      data: { duration: 12, pageCount: 1, eventCount: 2 },
    });
    // A second pagehide in the same page does not end the session twice.
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(requests).toHaveLength(1);
  });

  it('has its CSRF token before a one-page visit ends, so pagehide sends without waiting for the network', async () => {
    // Like lib/csrf.ts on a first visit: no cookie, so the first call asks the server (200 ms here).
    let token: string | null = null;
    let pending: Promise<string> | null = null;
    const getCsrfToken = () =>
      token !== null
        ? Promise.resolve(token)
        : (pending ??= new Promise<string>((resolve) => setTimeout(() => resolve((token = 'token-1')), 200)));
    const { requests, tracker } = setup({ env: { getCsrfToken } });
    tracker.pageView('/');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(requests).toHaveLength(0);
    window.dispatchEvent(new Event('pagehide'));
    // The page is gone after this turn: a token request started now would never be answered.
    await settle();
    expect(requests.map((request) => request.events.map((event) => event.type))).toEqual([
      ['page_view', 'page_end', 'session_end'],
    ]);
    expect(new Headers(requests[0]?.init.headers).get('X-CSRF-Token')).toBe('token-1');
  });

  it('splits more than 50 queued events into requests of at most 50, in order', async () => {
    const { requests, feature, tracker, sentIds, ids } = setup();
    tracker.setHeld(true);
    const queued = Array.from({ length: 120 }, (_, index) => feature(index)!);
    await settle();
    expect(requests).toHaveLength(0);
    tracker.setHeld(false);
    await settle();
    expect(requests.map((request) => request.events.length)).toEqual([50, 50, 20]);
    expect(sentIds()).toEqual(ids(queued));
  });
});

describe('failed sends', () => {
  it.each([
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 500', () => Response.json({ message: 'Server error' }, { status: 500 })],
    ['a 429', () => Response.json({ message: 'Slow down' }, { status: 429 })],
  ])(
    'puts the events back at the front after %s, with the same ids, and resends them',
    async (_, failure) => {
      const { requests, feature, tracker, respondWith, ids, warn } = setup();
      let finish: (make: () => Response | Promise<Response>) => void = () => undefined;
      respondWith(
        () =>
          new Promise<Response>((resolve, reject) => {
            finish = (make) => void Promise.resolve().then(make).then(resolve, reject);
          }),
      );
      const first = [1, 2, 3, 4, 5].map((n) => feature(n)!);
      await settle();
      expect(requests).toHaveLength(1);
      // Queued while the failing request is in flight: it stays behind the events put back.
      const later = feature(6)!;
      finish(failure);
      await settle();
      expect(ids(tracker.pending)).toEqual(ids([...first, later]));
      expect(warn).toHaveBeenCalled();
      // Backing off: more events do not trigger a send before the 30-second timer.
      feature(7);
      await settle();
      expect(requests).toHaveLength(1);
      respondWith(() => Response.json({ accepted: 7 }));
      await vi.advanceTimersByTimeAsync(30_000);
      expect(requests).toHaveLength(2);
      expect(ids(requests[1]?.events ?? []).slice(0, 6)).toEqual(ids([...first, later]));
      expect(tracker.pending).toEqual([]);
    },
  );

  it.each([
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 500', () => Response.json({}, { status: 500 })],
    ['a 429', () => Response.json({}, { status: 429, headers: { 'retry-after': '60' } })],
  ])('keeps the events of a rejected fetch (%s)', async (_, failure) => {
    const { feature, tracker, respondWith, ids } = setup();
    respondWith(failure);
    const queued = [1, 2, 3, 4, 5].map((n) => feature(n)!);
    await settle();
    expect(ids(tracker.pending)).toEqual(ids(queued));
  });

  it('waits for Retry-After on a 429 before trying again', async () => {
    const { requests, feature, respondWith } = setup();
    respondWith(() => Response.json({}, { status: 429, headers: { 'retry-after': '45' } }));
    [1, 2, 3, 4, 5].forEach(feature);
    await settle();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(requests).toHaveLength(2);
  });

  it('drops a batch the server refused with 400 instead of sending it again', async () => {
    const { requests, feature, tracker, respondWith, warn } = setup();
    respondWith(() => Response.json({ message: 'Send at least one event.' }, { status: 400 }));
    [1, 2, 3, 4, 5].forEach(feature);
    await settle();
    expect(tracker.pending).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('HTTP 400'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(1);
  });

  it('fetches a fresh CSRF token once after a CSRF rejection', async () => {
    const { requests, feature, tracker, respondWith } = setup();
    respondWith((_, token) =>
      token === 'token-1'
        ? Response.json({ message: 'Invalid CSRF token' }, { status: 403 })
        : Response.json({}),
    );
    [1, 2, 3, 4, 5].forEach(feature);
    await settle();
    expect(requests.map((request) => new Headers(request.init.headers).get('X-CSRF-Token'))).toEqual([
      'token-1',
      'token-2',
    ]);
    expect(tracker.pending).toEqual([]);
  });

  it('keeps at most the newest events when the server stays unreachable', async () => {
    const { feature, tracker, respondWith } = setup();
    respondWith(() => Promise.reject(new TypeError('offline')));
    tracker.setHeld(true);
    for (let n = 0; n < maxQueuedEvents + 20; n += 1) feature(n);
    expect(tracker.pending).toHaveLength(maxQueuedEvents);
    expect(tracker.pending[0]?.data).toEqual({ feature: 'test', action: 'action-20' });
  });
});

describe('disable and enable', () => {
  it('clears the queue and stops timers and listeners at once', async () => {
    const { requests, feature, tracker } = setup();
    tracker.pageView('/dashboard');
    feature(1);
    tracker.disable();
    expect(tracker.pending).toEqual([]);
    expect(feature(2)).toBeNull();
    tracker.pageView('/gallery');
    window.dispatchEvent(new Event('pagehide'));
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(requests).toHaveLength(0);
    tracker.enable();
    expect(feature(3)).not.toBeNull();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.events.map((event) => event.type)).toEqual(['feature_usage']);
  });

  it('does not put back events of a send that failed after disabling', async () => {
    const { feature, tracker, respondWith } = setup();
    let fail: () => void = () => undefined;
    respondWith(() => new Promise<Response>((_, reject) => (fail = () => reject(new TypeError('offline')))));
    [1, 2, 3, 4, 5].forEach(feature);
    await settle();
    tracker.disable();
    fail();
    await settle();
    tracker.enable();
    expect(tracker.pending).toEqual([]);
  });
});

describe('session id (spec 4)', () => {
  it('stores one id per tab in sessionStorage and reuses it', () => {
    const { feature } = setup();
    const first = feature(1)!;
    expect(sessionStorage.getItem(analyticsSessionStorageKey)).toBe(first.sessionId);
    const { feature: featureAfterReload } = setup();
    expect(featureAfterReload(2)?.sessionId).toBe(first.sessionId);
    expect(feature(3)?.sessionId).toBe(first.sessionId);
  });

  it('gives another tab (another sessionStorage) its own id', () => {
    const { feature } = setup();
    const otherTab = new Map<string, string>();
    let counter = 0;
    const { feature: otherFeature } = setup({
      env: {
        randomId: () => `tab2-id-${++counter}`,
        storage: {
          getItem: (key) => otherTab.get(key) ?? null,
          setItem: (key, value) => void otherTab.set(key, value),
        },
      },
    });
    const here = feature(1)!.sessionId;
    const there = otherFeature(2)!.sessionId;
    expect(there).not.toBe(here);
    expect(otherTab.get(analyticsSessionStorageKey)).toBe(there);
  });
});

describe('pages and scrolling', () => {
  function scrollTo(scroll: { top: number }, top: number) {
    scroll.top = top;
    window.dispatchEvent(new Event('scroll'));
  }

  it('fires scroll_depth once at 75 and once at 100 per page, reading at most once a second', async () => {
    const { tracker, scroll } = setup();
    tracker.setHeld(true);
    const depths = () =>
      tracker.pending.flatMap((event) =>
        event.type === 'scroll_depth' ? [[event.page, event.data.depth]] : [],
      );
    tracker.pageView('/history');
    scrollTo(scroll, 2000); // 75 %
    expect(depths()).toEqual([['/history', 75]]);
    scrollTo(scroll, 3000); // 100 %, but within the second: not read yet
    expect(depths()).toEqual([['/history', 75]]);
    await vi.advanceTimersByTimeAsync(999);
    expect(depths()).toEqual([['/history', 75]]);
    await vi.advanceTimersByTimeAsync(1);
    expect(depths()).toEqual([
      ['/history', 75],
      ['/history', 100],
    ]);
    scrollTo(scroll, 0);
    await vi.advanceTimersByTimeAsync(1000);
    scrollTo(scroll, 3000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(depths()).toHaveLength(2);
    tracker.pageView('/gallery');
    scrollTo(scroll, 3000); // straight to the bottom passes both marks
    expect(depths()).toEqual([
      ['/history', 75],
      ['/history', 100],
      ['/gallery', 75],
      ['/gallery', 100],
    ]);
  });

  it('ignores an intermediate reading within the throttle window', async () => {
    const readings = vi.fn(() => ({ top: 0, viewportHeight: 1000, documentHeight: 4000 }));
    const { tracker } = setup({ env: { scrollPosition: readings } });
    tracker.pageView('/history');
    await vi.advanceTimersByTimeAsync(1000); // past the settled reading after the page appeared
    readings.mockClear();
    for (let n = 0; n < 20; n += 1) window.dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(1000);
    // One reading at once and one trailing reading after the second, not twenty.
    expect(readings).toHaveBeenCalledTimes(2);
  });

  it('records page_end for the previous page on an in-app navigation', async () => {
    const { tracker, scroll } = setup();
    tracker.setHeld(true);
    tracker.pageView('/dashboard', 'Dashboard');
    await vi.advanceTimersByTimeAsync(4_500);
    scrollTo(scroll, 1000); // 50 %
    scroll.top = 0;
    tracker.pageView('/dashboard'); // same path: nothing new
    tracker.pageView('/gallery');
    const [view, end, nextView] = tracker.pending;
    expect(view).toMatchObject({ type: 'page_view', page: '/dashboard', data: { title: 'Dashboard' } });
    expect(end).toMatchObject({
      type: 'page_end',
      page: '/dashboard',
      data: { path: '/dashboard', timeOnPage: 4.5, scrollDepth: 50, exitPage: false },
    });
    expect(nextView).toMatchObject({ type: 'page_view', page: '/gallery' });
    expect(tracker.pending).toHaveLength(3);
  });

  it("takes page_end's depth from readings on that page, not from the next page's document", async () => {
    const { tracker, scroll } = setup();
    tracker.setHeld(true);
    tracker.pageView('/dashboard');
    await vi.advanceTimersByTimeAsync(1_000); // the settled reading: 25 %
    tracker.pageView('/history'); // not yet settled when left
    scroll.documentHeight = 1000; // the next page is short: 100 % at once
    tracker.pageView('/gallery');
    const ends = tracker.pending.flatMap((event) =>
      event.type === 'page_end' ? [event.data.scrollDepth] : [],
    );
    expect(ends).toEqual([25, 0]);
    expect(tracker.pending.some((event) => event.type === 'scroll_depth')).toBe(false);
  });

  it('fills the common fields, without query strings', () => {
    const { feature } = setup();
    window.history.replaceState(null, '', '/reset-password?token=secret#x');
    try {
      const event = feature(1)!;
      expect(event).toMatchObject({
        page: '/reset-password',
        url: 'http://localhost:3000/reset-password',
        timestamp: '2026-11-24T12:00:00.000Z',
      });
      expect(event.id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
      expect(JSON.stringify(event)).not.toContain('secret');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});

describe('clicks', () => {
  afterEach(() => document.body.replaceChildren());

  it('records data-track elements and header links and buttons, nothing else', () => {
    const { tracker } = setup();
    tracker.setHeld(true);
    document.body.innerHTML = `
      <header><nav><a href="/gallery?tab=1"><span>  Gallery </span></a></nav><button>Sign in</button></header>
      <main><button data-track="generate-caption">  Generate   caption </button><button>Other</button></main>`;
    document.querySelector<HTMLElement>('header a span')!.click();
    document.querySelector<HTMLElement>('header button')!.click();
    document.querySelector<HTMLElement>('[data-track]')!.click();
    document.querySelector<HTMLElement>('main button:not([data-track])')!.click();
    expect(tracker.pending.map((event) => event.data)).toEqual([
      { element: 'header-link', href: '/gallery', text: 'Gallery', type: 'link' },
      { element: 'header-button', text: 'Sign in', type: 'button' },
      { element: 'generate-caption', text: 'Generate caption', type: 'button' },
    ]);
  });

  it('cuts the text to 200 characters', () => {
    const { tracker } = setup();
    document.body.innerHTML = `<div data-track="card">${'x'.repeat(300)}</div>`;
    document.querySelector<HTMLElement>('[data-track]')!.click();
    expect(tracker.pending[0]).toMatchObject({ type: 'click', data: { element: 'card', type: 'div' } });
    expect((tracker.pending[0]?.data as { text: string }).text).toHaveLength(200);
  });
});
