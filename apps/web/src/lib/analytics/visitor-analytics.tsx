import { getAnalytics } from './analytics';
import type { EarlyEventRecorder } from './early-events';
import { useTrackerRun, type LocationSource } from './use-tracker-run';

/**
 * docs/product.md#analytics for visitors: tracked, with no settings to wait for. The public app loads this once the
 * page is idle (decision 033); the tracker then records what the visit did meanwhile (`early`) and
 * goes on from the page the visitor is on.
 */
export function VisitorAnalytics({ router, early }: { router: LocationSource; early?: EarlyEventRecorder }) {
  useTrackerRun(router, getAnalytics(), 'on', early);
  return null;
}
