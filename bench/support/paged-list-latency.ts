// Latency of the paged list APIs (docs/decisions/032-cursor-paging.md): the first page, and the last
// page reached by following X-Next-Cursor, each timed over many sequential requests.
import { nextCursorHeader } from '../../packages/shared/src/paging.js';
import type { CreatorSizes, SeededCreator } from './creator-data.js';

export interface PagedList {
  name: string;
  path: string;
  /** Which of the seeded sizes this list holds. */
  size: keyof CreatorSizes;
}

export const pagedLists: PagedList[] = [
  { name: 'GET /api/media', path: '/api/media', size: 'gallery' },
  { name: 'GET /api/posts/scheduled', path: '/api/posts/scheduled', size: 'scheduled' },
  { name: 'GET /api/content-generations', path: '/api/content-generations', size: 'history' },
];

interface Percentiles {
  p50: number;
  p99: number;
}

export interface ListFigures {
  firstPage: Percentiles;
  lastPage: Percentiles;
  /** Items seen walking every page once: checks that paging reaches everything. */
  items: number;
}

function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p99: at(0.99) };
}

async function get(baseUrl: string, creator: SeededCreator, path: string) {
  const response = await fetch(`${baseUrl}${path}`, { headers: { cookie: creator.cookie } });
  const body = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
  return { items: Array.isArray(body) ? body.length : 0, next: response.headers.get(nextCursorHeader) };
}

async function timed(baseUrl: string, creator: SeededCreator, path: string, requests: number) {
  const samples: number[] = [];
  for (let n = 0; n < requests; n++) {
    const started = performance.now();
    await get(baseUrl, creator, path);
    samples.push(performance.now() - started);
  }
  return percentiles(samples);
}

export async function measureList(
  baseUrl: string,
  creator: SeededCreator,
  list: PagedList,
  requests: number,
  limit: number,
): Promise<ListFigures> {
  const first = `${list.path}?limit=${limit}`;
  let last = first;
  let items = 0;
  for (let path: string | null = first; path;) {
    const page = await get(baseUrl, creator, path);
    items += page.items;
    last = path;
    path = page.next ? `${first}&cursor=${encodeURIComponent(page.next)}` : null;
  }
  // Warm-up, so the first figures do not carry the server's first-request costs.
  await timed(baseUrl, creator, first, 20);
  return {
    firstPage: await timed(baseUrl, creator, first, requests),
    lastPage: await timed(baseUrl, creator, last, requests),
    items,
  };
}
