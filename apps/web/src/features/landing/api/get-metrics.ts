import { useEffect, useState } from 'react';
import type { PublicMetrics } from '@app/shared/auth';

// Marketing numbers: a few minutes old is fine, and they should not flicker between pages.
const freshForMs = 5 * 60_000;
const cacheKey = 'publicMetrics';

function readCache(): PublicMetrics | null {
  try {
    const cached = JSON.parse(sessionStorage.getItem(cacheKey) ?? 'null') as {
      metrics: PublicMetrics;
      at: number;
    } | null;
    return cached && Date.now() - cached.at < freshForMs ? cached.metrics : null;
  } catch {
    return null;
  }
}

function writeCache(metrics: PublicMetrics): void {
  if (readCache()) return;
  try {
    sessionStorage.setItem(cacheKey, JSON.stringify({ metrics, at: Date.now() }));
  } catch {
    // Without storage the numbers are simply fetched again on the next page.
  }
}

/**
 * GET /api/metrics: the public numbers on the landing page (creators, engagement, posts). A plain
 * fetch after paint (decision 033): the landing needs neither the query client nor zod up front;
 * the shared contract is fetched with the answer to check it.
 */
export async function getPublicMetrics(signal?: AbortSignal): Promise<PublicMetrics> {
  const response = await fetch('/api/metrics', { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/metrics answered ${response.status}`);
  const [{ publicMetricsSchema }, body] = await Promise.all([import('@app/shared/auth'), response.json()]);
  return publicMetricsSchema.parse(body);
}

export interface PublicMetricsState {
  data: PublicMetrics | undefined;
  isPending: boolean;
  isError: boolean;
}

export function usePublicMetrics(): PublicMetricsState {
  // The first render is always "pending", as the prerendered page is; the cache applies after mount.
  const [state, setState] = useState<PublicMetricsState>({
    data: undefined,
    isPending: true,
    isError: false,
  });
  useEffect(() => {
    const controller = new AbortController();
    const cached = readCache();
    (cached ? Promise.resolve(cached) : getPublicMetrics(controller.signal)).then(
      (metrics) => {
        writeCache(metrics);
        setState({ data: metrics, isPending: false, isError: false });
      },
      () => {
        if (!controller.signal.aborted) setState({ data: undefined, isPending: false, isError: true });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
