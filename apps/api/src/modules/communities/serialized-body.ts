import { createHash } from 'node:crypto';

/** A response serialised once: its bytes and the strong ETag derived from them. */
export interface SerializedBody {
  bytes: Buffer;
  etag: string;
}

export function serializeBody(value: unknown): SerializedBody {
  const bytes = Buffer.from(JSON.stringify(value));
  return { bytes, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"` };
}

/** If-None-Match per RFC 9110: a list of (possibly weak) tags, or * for any. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** A small least-recently-used map: enough for the handful of filter combinations people use. */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }

  get size() {
    return this.entries.size;
  }
}
