import { createContext, useContext } from 'react';
import type { AnalyticsTracker } from './tracker';
import { getAnalytics } from './analytics';

export const AnalyticsContext = createContext<AnalyticsTracker | null>(null);

/** The tracker the provider runs (the app's own outside a provider); `track` is a no-op while it is off. */
export function useAnalytics(): AnalyticsTracker {
  return useContext(AnalyticsContext) ?? getAnalytics();
}
