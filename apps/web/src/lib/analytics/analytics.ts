import type { AnalyticsEvent, AnalyticsEventKind } from '@app/shared/analytics';
import { AnalyticsTracker, type AnalyticsData, type TrackOptions } from './tracker';

let tracker: AnalyticsTracker | null = null;

/** The app's one tracker. It stays off (track() does nothing) until the AnalyticsProvider enables it. */
export function getAnalytics(): AnalyticsTracker {
  tracker ??= new AnalyticsTracker();
  return tracker;
}

/** For feature code: records one event if analytics is on; never throws, never waits. */
export function trackEvent<K extends AnalyticsEventKind>(
  kind: K,
  data: AnalyticsData<K>,
  options?: TrackOptions,
): AnalyticsEvent | null {
  return getAnalytics().track(kind, data, options);
}
