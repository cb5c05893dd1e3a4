import type { Database } from '../../db/client.js';
import { loadPublicMetrics } from './metrics.repo.js';

export const metricsTtlMs = 60_000;

/** The landing page's counters. Every visit asks; four counts a minute per process is plenty. */
export function publicMetrics(db: Database) {
  return ttlCache(() => loadPublicMetrics(db), metricsTtlMs);
}

/**
 * Remembers one loaded value for ttlMs in this process. Concurrent callers share one load, and a
 * failed load is forgotten so the next caller tries again. Each process keeps its own copy: the
 * figures may differ by up to ttlMs between processes, which public counters can afford.
 */
export function ttlCache<T>(load: () => Promise<T>, ttlMs: number, now: () => number = Date.now) {
  let entry: { value: Promise<T>; expiresAt: number } | undefined;
  return function get(): Promise<T> {
    if (entry && entry.expiresAt > now()) return entry.value;
    const current = { value: load(), expiresAt: now() + ttlMs };
    entry = current;
    current.value.catch(() => {
      if (entry === current) entry = undefined;
    });
    return current.value;
  };
}
