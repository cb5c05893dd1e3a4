import type { AnalyticsEventKind } from '@app/shared/analytics';
import type { AnalyticsData, TrackOptions } from './tracker';

/**
 * trackEvent for pages a visitor opens first: the tracker's code (and zod, to check the event) is
 * fetched when the event happens instead of with the page (decision 033).
 */
export function trackEventLater<K extends AnalyticsEventKind>(
  kind: K,
  data: AnalyticsData<K>,
  options?: TrackOptions,
): void {
  void import('./analytics').then(({ trackEvent }) => trackEvent(kind, data, options));
}
