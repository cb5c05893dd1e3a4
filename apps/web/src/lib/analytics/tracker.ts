import {
  analyticsBatchSize,
  analyticsEventSchema,
  analyticsFlushIntervalMs,
  analyticsScrollMilestones,
  analyticsScrollThrottleMs,
  type AnalyticsEvent,
  type AnalyticsEventKind,
  type AnalyticsEventOf,
} from '@app/shared/analytics';
import {
  browserEnvironment,
  tabSessionId,
  withoutQuery,
  type TrackerEnvironment,
} from './browser-environment';
import { clickedElement, type ClickedElement } from './click-data';
import type { EarlyEvent } from './early-events';
import { sendBatch, splitIntoBatches, type SendOutcome } from './sender';

export type AnalyticsData<K extends AnalyticsEventKind> = AnalyticsEventOf<K>['data'];

export interface TrackOptions {
  eventType?: string;
  /** The page the event belongs to; defaults to the current page. */
  page?: string;
}

interface PageState {
  path: string;
  startedAt: number;
  maxDepth: number;
  milestonesReached: Set<number>;
}

/** Events kept at most while the server cannot take them; the oldest go first. */
export const maxQueuedEvents = 500;

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * docs/product.md#analytics: queues events and sends them in batches (5 queued, every 30 s, page hide, session
 * end), one session per tab, page views with time on page and scroll depth. Framework-free; the
 * React provider feeds it route changes and the user's consent.
 */
export class AnalyticsTracker {
  private readonly env: TrackerEnvironment;
  private enabled = false;
  /** Events are recorded but not sent (the signed-in user's consent is still loading). */
  private held = false;
  private queue: AnalyticsEvent[] = [];
  private sessionId: string | null = null;
  private session = { startedAt: 0, pageCount: 0, eventCount: 0, ended: false };
  private page: PageState | null = null;
  private lastPath: string | null = null;
  private scroll = { timer: null as unknown, pending: false };
  private settleTimer: unknown = null;
  private flushTimer: unknown = null;
  private sending = false;
  private backingOff = false;
  private retryNotBefore = 0;
  /** Bumped by disable(), so a send still in flight cannot put events back afterwards. */
  private generation = 0;
  /** While replaying early events: when and on which URL the one being recorded happened. */
  private replaying: { at: number; url: string } | null = null;

  constructor(environment: Partial<TrackerEnvironment> = {}) {
    this.env = { ...browserEnvironment(), ...environment };
  }

  private now(): number {
    return this.replaying?.at ?? this.env.now();
  }

  get isEnabled(): boolean {
    return this.enabled;
  }

  /** The events waiting to be sent, oldest first (a copy). */
  get pending(): readonly AnalyticsEvent[] {
    return [...this.queue];
  }

  enable(): void {
    if (this.enabled) return;
    this.enabled = true;
    this.session = { startedAt: this.env.now(), pageCount: 0, eventCount: 0, ended: false };
    const { window: win, document: doc } = this.env;
    doc.addEventListener('visibilitychange', this.onVisibilityChange);
    doc.addEventListener('click', this.onClick, { capture: true });
    win.addEventListener('pagehide', this.onPageHide);
    win.addEventListener('pageshow', this.onPageShow);
    win.addEventListener('scroll', this.onScroll, { passive: true });
    this.flushTimer = this.env.setInterval(() => void this.flush({ timer: true }), analyticsFlushIntervalMs);
    // The CSRF token is fetched now, not with the first batch: a visit that ends before five events
    // sends everything from pagehide, and a token request started then dies with the page, taking
    // the keepalive POST that waited for it along (every single-page visit was lost that way).
    this.env.getCsrfToken().catch(() => undefined);
  }

  /** Stops everything at once and forgets what was queued (the user turned analytics off). */
  disable(): void {
    this.generation += 1;
    this.queue = [];
    this.page = null;
    this.lastPath = null;
    this.held = false;
    this.backingOff = false;
    this.clearScrollTimer();
    if (!this.enabled) return;
    this.enabled = false;
    const { window: win, document: doc } = this.env;
    doc.removeEventListener('visibilitychange', this.onVisibilityChange);
    doc.removeEventListener('click', this.onClick, { capture: true });
    win.removeEventListener('pagehide', this.onPageHide);
    win.removeEventListener('pageshow', this.onPageShow);
    win.removeEventListener('scroll', this.onScroll);
    this.env.clearInterval(this.flushTimer);
    this.flushTimer = null;
  }

  /** While held, events queue up but nothing is sent; releasing sends a full batch at once. */
  setHeld(held: boolean): void {
    this.held = held;
    if (!held && this.queue.length >= analyticsBatchSize) void this.flush();
  }

  /** Records one event; returns it, or null when tracking is off or the data breaks the contract. */
  track<K extends AnalyticsEventKind>(
    kind: K,
    data: AnalyticsData<K>,
    options: TrackOptions = {},
  ): AnalyticsEvent | null {
    if (!this.enabled) return null;
    const { window: win, document: doc } = this.env;
    this.sessionId ??= tabSessionId(this.env);
    const candidate = {
      id: this.env.randomId(),
      sessionId: this.sessionId,
      type: kind,
      timestamp: new Date(this.now()).toISOString(),
      page: options.page ?? this.page?.path ?? win.location.pathname,
      eventType: options.eventType,
      url: withoutQuery(this.replaying?.url ?? win.location.href).slice(0, 2048),
      referrer: doc.referrer ? withoutQuery(doc.referrer).slice(0, 2048) : null,
      userAgent: win.navigator.userAgent.slice(0, 512),
      data,
    };
    const parsed = analyticsEventSchema.safeParse(candidate);
    if (!parsed.success) {
      this.env.warn(`Analytics: dropped an invalid ${kind} event`, parsed.error.issues);
      return null;
    }
    this.queue.push(parsed.data);
    this.session.eventCount += 1;
    this.trimQueue();
    if (this.queue.length >= analyticsBatchSize) void this.flush();
    return parsed.data;
  }

  /** A route change: ends the previous page (exitPage false) and records page_view for the new one. */
  pageView(path: string, title?: string): void {
    if (!this.enabled || this.page?.path === path) return;
    this.endPage(false);
    this.clearScrollTimer();
    this.page = {
      path,
      startedAt: this.now(),
      maxDepth: 0,
      milestonesReached: new Set(),
    };
    // Read once the new page has rendered (lazy pages show a short spinner first); no milestone from it.
    this.settleTimer = this.env.setTimeout(() => {
      this.settleTimer = null;
      if (this.page) this.page.maxDepth = Math.max(this.page.maxDepth, this.scrollDepth());
    }, analyticsScrollThrottleMs);
    this.lastPath = path;
    this.session.pageCount += 1;
    this.session.ended = false;
    this.track('page_view', title ? { title: title.slice(0, 300) } : {}, { page: path });
  }

  /**
   * Records what happened before the tracker ran (early-events.ts) with its own times and pages,
   * as if the tracker had been there; the session then starts with the first of them.
   */
  replay(events: readonly EarlyEvent[]): void {
    if (!this.enabled || events.length === 0) return;
    this.session.startedAt = Math.min(this.session.startedAt, events[0]!.at);
    try {
      for (const event of events) {
        this.replaying = { at: event.at, url: event.url };
        if (event.kind === 'page') this.pageView(event.path, event.title);
        else this.recordClick(event.click, event.page);
      }
    } finally {
      this.replaying = null;
    }
  }

  /** docs/product.md#analytics: the session ends on page unload: page_end, session_end, and everything sent with keepalive. */
  endSession(): void {
    if (!this.enabled || this.session.ended) return;
    this.endPage(true);
    const { startedAt, pageCount, eventCount } = this.session;
    this.track('session_end', {
      duration: round1((this.env.now() - startedAt) / 1000),
      pageCount,
      eventCount,
    });
    this.session.ended = true;
    void this.flush({ urgent: true });
  }

  /**
   * Sends everything queued, split into requests of at most 50. Failed requests (network, 5xx,
   * 429) put their events back at the front with the same ids; refused ones (other 4xx) are dropped.
   */
  async flush(options: { urgent?: boolean; timer?: boolean } = {}): Promise<void> {
    if (!this.enabled || this.held || this.queue.length === 0) return;
    if (!options.urgent) {
      if (this.sending || this.env.now() < this.retryNotBefore) return;
      // After a failure only the 30-second timer retries, so a struggling server is not hit per event.
      if (this.backingOff && !options.timer) return;
    }
    const events = this.queue.splice(0);
    const generation = this.generation;
    this.sending = true;
    try {
      const batches = splitIntoBatches(events);
      // All requests start at once: after pagehide there is no later turn to start the next one in.
      const outcomes = await Promise.all(batches.map((batch) => sendBatch(this.env, batch)));
      this.settle(batches, outcomes, generation);
    } finally {
      this.sending = false;
    }
    if (this.queue.length >= analyticsBatchSize && !this.backingOff) void this.flush();
  }

  private settle(batches: AnalyticsEvent[][], outcomes: SendOutcome[], generation: number): void {
    const retry: AnalyticsEvent[] = [];
    let retryAfterMs = 0;
    outcomes.forEach((outcome, index) => {
      if (outcome.status === 'sent') return;
      const batch = batches[index] ?? [];
      this.env.warn(`Analytics: sending ${batch.length} events failed (${outcome.reason})`);
      if (outcome.status === 'retry') {
        retry.push(...batch);
        retryAfterMs = Math.max(retryAfterMs, outcome.retryAfterMs ?? 0);
      }
    });
    this.backingOff = retry.length > 0;
    this.retryNotBefore = retryAfterMs > 0 ? this.env.now() + retryAfterMs : 0;
    if (retry.length === 0 || generation !== this.generation || !this.enabled) return;
    this.queue = [...retry, ...this.queue];
    this.trimQueue();
  }

  private trimQueue(): void {
    const excess = this.queue.length - maxQueuedEvents;
    if (excess <= 0) return;
    this.queue.splice(0, excess);
    this.env.warn(`Analytics: queue full, dropped the ${excess} oldest events`);
  }

  private endPage(exitPage: boolean): void {
    const page = this.page;
    if (!page) return;
    this.page = null;
    // After an in-app navigation the document already shows the next page, so only earlier readings count.
    const scrollDepth = exitPage ? Math.max(page.maxDepth, this.scrollDepth()) : page.maxDepth;
    const timeOnPage = round1(Math.max(0, this.now() - page.startedAt) / 1000);
    this.track('page_end', { path: page.path, timeOnPage, scrollDepth, exitPage }, { page: page.path });
  }

  private scrollDepth(): number {
    const { top, viewportHeight, documentHeight } = this.env.scrollPosition();
    if (documentHeight <= 0) return 0;
    return Math.min(100, Math.max(0, Math.round(((top + viewportHeight) / documentHeight) * 100)));
  }

  private readScroll(): void {
    const page = this.page;
    if (!page) return;
    const depth = this.scrollDepth();
    page.maxDepth = Math.max(page.maxDepth, depth);
    for (const milestone of analyticsScrollMilestones) {
      if (depth < milestone || page.milestonesReached.has(milestone)) continue;
      page.milestonesReached.add(milestone);
      this.track('scroll_depth', { depth: milestone }, { page: page.path });
    }
  }

  private clearScrollTimer(): void {
    if (this.scroll.timer !== null) this.env.clearTimeout(this.scroll.timer);
    if (this.settleTimer !== null) this.env.clearTimeout(this.settleTimer);
    this.scroll = { timer: null, pending: false };
    this.settleTimer = null;
  }

  // Throttled to one reading a second: the first scroll reads at once, later ones once the second is over.
  private readonly onScroll = () => {
    if (this.scroll.timer !== null) {
      this.scroll.pending = true;
      return;
    }
    this.readScroll();
    this.scroll.timer = this.env.setTimeout(() => {
      const pending = this.scroll.pending;
      this.scroll = { timer: null, pending: false };
      if (pending) this.onScroll();
    }, analyticsScrollThrottleMs);
  };

  private readonly onVisibilityChange = () => {
    if (this.env.document.visibilityState === 'hidden') void this.flush({ urgent: true });
  };

  private readonly onPageHide = () => this.endSession();

  // Back from the back-forward cache: the same tab session carries on with a new page view.
  private readonly onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted || !this.session.ended) return;
    const path = this.lastPath;
    this.session = { startedAt: this.env.now(), pageCount: 0, eventCount: 0, ended: false };
    if (path) this.pageView(path, this.env.document.title);
  };

  private recordClick({ element, type, href, text }: ClickedElement, page?: string): void {
    this.track(
      'click',
      {
        element: element.slice(0, 60),
        ...(href ? { href: withoutQuery(href).slice(0, 2048) } : {}),
        ...(text ? { text: text.slice(0, 200) } : {}),
        type: type.slice(0, 40),
      },
      page ? { page } : {},
    );
  }

  private readonly onClick = (event: MouseEvent) => {
    const click = clickedElement(event.target);
    if (click) this.recordClick(click);
  };
}
