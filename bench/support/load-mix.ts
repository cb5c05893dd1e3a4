// The load bench's workload: what signed-in users do, weighted like real use (mostly reads).
// Each operation says which answers count as success; writes record the ids the server
// acknowledged, so a fault run can check that every acknowledged write is in the database.
import { randomBytes } from 'node:crypto';
import type { BrowserClient, HttpAnswer } from './browser-client.js';
import { multipartImage } from './browser-client.js';

export interface LoadUser {
  client: BrowserClient;
  /** Communities known to us and to the Reddit stand-in, with no posting limits. */
  subreddits: string[];
  analyticsSession: string;
}

export interface Acknowledged {
  analyticsEventIds: string[];
  mediaIds: string[];
  postIds: string[];
}

interface Operation {
  name: string;
  weight: number;
  /** The answer that counts as success; anything else is an error. */
  status: 200 | 201;
  run(user: LoadUser, acknowledged: Acknowledged): Promise<HttpAnswer>;
}

let sequence = 0;
const unique = () =>
  `${Date.now().toString(36)}${(sequence++).toString(36)}${randomBytes(2).toString('hex')}`;
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
const categories = ['general', 'amateur', 'cosplay', 'fitness', 'gaming', 'lifestyle'] as const;
const searches = ['art', 'photo', 'fit', 'style', 'game'] as const;
const hour = 3_600_000;

/** A tiny valid PNG (16×16), what a quick phone screenshot thumbnail is to the server's pipeline. */
const smallPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWM4MzONJMQwqmHmaCidGa5JAwBqQcsQmVdh4AAAAABJRU5ErkJggg==',
  'base64',
);

function ok(answer: HttpAnswer, status = 200) {
  return answer.status === status;
}

export const operations: Operation[] = [
  {
    name: 'browse communities',
    weight: 14,
    status: 200,
    run: (u) => u.client.send('GET', '/api/reddit/communities'),
  },
  {
    name: 'filter communities',
    weight: 10,
    status: 200,
    run: (u) =>
      u.client.send(
        'GET',
        Math.random() < 0.5
          ? `/api/reddit/communities?category=${pick(categories)}`
          : `/api/reddit/communities?search=${pick(searches)}`,
      ),
  },
  { name: 'list media', weight: 12, status: 200, run: (u) => u.client.send('GET', '/api/media') },
  {
    name: 'list history',
    weight: 10,
    status: 200,
    run: (u) => u.client.send('GET', '/api/content-generations'),
  },
  { name: 'read quota', weight: 6, status: 200, run: (u) => u.client.send('GET', '/api/ai/quota') },
  { name: 'read settings', weight: 6, status: 200, run: (u) => u.client.send('GET', '/api/user/settings') },
  {
    name: 'list scheduled posts',
    weight: 5,
    status: 200,
    run: (u) => u.client.send('GET', '/api/posts/scheduled'),
  },
  {
    name: 'send analytics batch',
    weight: 20,
    status: 200,
    async run(u, acknowledged) {
      const events = Array.from({ length: 5 }, (_, n) => ({
        id: `load-${unique()}`,
        sessionId: u.analyticsSession,
        type: n === 0 ? 'page_view' : 'click',
        timestamp: new Date().toISOString(),
        page: '/dashboard',
        eventType: 'interaction',
        referrer: null,
        data:
          n === 0
            ? { title: 'Dashboard' }
            : { element: 'button', href: '/media', text: 'Gallery', type: 'nav' },
      }));
      const answer = await u.client.send('POST', '/api/analytics/events', { json: { events } });
      if (ok(answer)) acknowledged.analyticsEventIds.push(...events.map((event) => event.id));
      return answer;
    },
  },
  {
    name: 'generate caption',
    weight: 7,
    status: 200,
    run: (u) =>
      u.client.send('POST', '/api/ai/generate', {
        json: {
          prompt: `golden hour selfie ${unique()}`,
          platforms: ['reddit'],
          styleHints: ['playful'],
          variants: 1,
        },
      }),
  },
  {
    name: 'upload small image',
    weight: 3,
    status: 201,
    async run(u, acknowledged) {
      const { body, contentType } = multipartImage(`load-${unique()}.png`, smallPng);
      const answer = await u.client.send('POST', '/api/media/upload', { body, contentType });
      if (ok(answer, 201))
        acknowledged.mediaIds.push((JSON.parse(answer.body) as { asset: { id: string } }).asset.id);
      return answer;
    },
  },
  {
    name: 'schedule post',
    weight: 3,
    status: 201,
    async run(u, acknowledged) {
      // Hours to months ahead, so the sender stays out of the measurement.
      const scheduledAt = new Date(
        Date.now() + (2 + Math.floor(Math.random() * 24 * 300)) * hour,
      ).toISOString();
      const answer = await u.client.send('POST', '/api/posts/schedule', {
        json: { subreddit: pick(u.subreddits), title: `Load test ${unique()}`, scheduledAt },
      });
      if (ok(answer, 201))
        acknowledged.postIds.push((JSON.parse(answer.body) as { post: { id: string } }).post.id);
      return answer;
    },
  },
];

// LOAD_BENCH_ONLY="upload small image" runs one operation alone: what each costs, side by side.
const only = process.env.LOAD_BENCH_ONLY;
if (only) {
  if (!operations.some((op) => op.name === only))
    throw new Error(
      `LOAD_BENCH_ONLY: no operation "${only}"; one of ${operations.map((op) => op.name).join(', ')}`,
    );
  for (const op of operations) if (op.name !== only) op.weight = 0;
}
const totalWeight = operations.reduce((sum, op) => sum + op.weight, 0);

export function pickOperation(): Operation {
  let roll = Math.random() * totalWeight;
  for (const op of operations) {
    roll -= op.weight;
    if (roll < 0) return op;
  }
  return operations.at(-1)!;
}

export function describeMix(): string {
  return operations
    .filter((op) => op.weight > 0)
    .map((op) => `${op.name} ${Math.round((op.weight / totalWeight) * 100)}%`)
    .join(', ');
}
