import { randomInt } from 'node:crypto';
import type { TraceResult } from '@app/shared/leak-trace';
import type { TestClient } from '../../../test/test-client.js';
import type { Database } from '../../db/client.js';
import { insertCopy } from '../leaks/copy-registry.repo.js';

/** What "Trace a leak" answers when the invisible mark survived: her post to r/sunsets. */
export function markTrace(overrides: Partial<TraceResult> = {}): TraceResult {
  return {
    method: 'mark',
    confidence: 0.994,
    summary: 'This is the copy you posted to r/sunsets on 3 March 2026.',
    copy: {
      copyId: '0a4c2f4e-8d1b-4c55-9f0e-6a4d3b2c1e0f',
      markHex: '3fa9c2d17b04',
      kind: 'post',
      mediaAssetId: null,
      fileName: 'golden-hour.jpg',
      postId: null,
      subreddit: 'sunsets',
      campaignId: null,
      redditAccount: 'sunny_creator',
      postUrl: 'https://www.reddit.com/r/sunsets/comments/abc123/golden_hour/',
      madeAt: '2026-03-03T09:00:00.000Z',
      sentAt: '2026-03-03T10:15:00.000Z',
    },
    hashDistances: [],
    tracedAt: '2026-11-20T08:30:00.000Z',
    ...overrides,
  };
}

/** The answer when only the perceptual hashes matched. */
export function hashTrace(): TraceResult {
  const mark = markTrace();
  return {
    ...mark,
    method: 'hash',
    confidence: 0.87,
    copy: { ...mark.copy!, markHex: null },
    hashDistances: [
      { name: 'PDQ', distance: 18, threshold: 31 },
      { name: 'dHash', distance: 6, threshold: 10 },
    ],
  };
}

export async function createCase(client: TestClient, payload: Record<string, unknown>) {
  return client.inject({
    method: 'POST',
    url: '/api/leak-cases',
    payload: { infringingUrls: ['https://leaks.example/album/1'], workDescription: 'My photo.', ...payload },
  });
}

export async function saveContact(client: TestClient, payload: Record<string, unknown>) {
  const response = await client.inject({ method: 'PUT', url: '/api/user/takedown-contact', payload });
  if (response.statusCode !== 200) throw new Error(`contact not saved: ${response.body}`);
}

/** A post copy of hers in the copy registry, as a trace names it (the case checks the copy is hers). */
export async function ownPostCopy(db: Database, userId: string, mediaAssetId: string | null = null) {
  const hash = '0'.repeat(64);
  const row = await insertCopy(db, {
    userId,
    mediaAssetId,
    kind: 'post',
    markId: randomInt(2 ** 47),
    pdqHash: hash,
    hashes: { pdq: hash } as never,
    subreddit: 'sunsets',
    redditUsername: 'sunny_creator',
  });
  return row.id;
}

/** markTrace() naming one of her own registered copies. */
export async function ownMarkTrace(db: Database, userId: string, mediaAssetId: string | null = null) {
  const copyId = await ownPostCopy(db, userId, mediaAssetId);
  return markTrace({ copy: { ...markTrace().copy!, copyId, mediaAssetId } });
}

/** hashTrace() naming one of her own registered copies. */
export async function ownHashTrace(db: Database, userId: string) {
  const trace = hashTrace();
  return { ...trace, copy: { ...trace.copy!, copyId: await ownPostCopy(db, userId) } };
}
