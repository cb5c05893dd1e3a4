import { randomBytes } from 'node:crypto';
import type { AnalyticsEventKind } from '@app/shared/analytics';

export const clientId = () => randomBytes(9).toString('base64url');

/** A valid data object for each kind (docs/product.md#analytics). */
export const sampleData: Record<AnalyticsEventKind, Record<string, unknown>> = {
  page_view: { title: 'Dashboard' },
  page_end: { path: '/dashboard', timeOnPage: 12.5, scrollDepth: 80, exitPage: false },
  engagement_event: { action: 'copy_caption', value: 1 },
  content_view: { contentId: 'c-1', platform: 'reddit', subreddit: 'pics', viewType: 'preview' },
  content_generation: { platform: 'reddit', generationType: 'caption', subreddit: 'pics' },
  feature_usage: { feature: 'imageshield', action: 'protect' },
  scroll_depth: { depth: 75 },
  click: { element: 'button', href: '/pricing', text: 'Upgrade', type: 'cta' },
  session_end: { duration: 300, pageCount: 4, eventCount: 20 },
};

export function sampleEvent(type: AnalyticsEventKind = 'page_view', overrides: Record<string, unknown> = {}) {
  return {
    id: clientId(),
    sessionId: clientId(),
    type,
    timestamp: new Date().toISOString(),
    page: '/dashboard',
    eventType: 'navigation',
    url: 'http://localhost:3000/dashboard',
    referrer: null,
    userAgent: 'Mozilla/5.0 (test)',
    data: sampleData[type],
    ...overrides,
  };
}

/** Fixed one-minute windows: a test that counts requests must not straddle a window's end. */
export async function awayFromMinuteEdge(marginMs = 8_000) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
