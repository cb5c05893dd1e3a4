import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type BodyEncoding = 'br' | 'gzip';

/**
 * A response serialised once: its bytes, the strong ETag derived from them, and its compressed
 * forms, each made on first use and then kept as long as the body (the communities list is 175 KB
 * of JSON: compressing it on every request would cost about 3 ms of CPU each time).
 */
export interface SerializedBody {
  bytes: Buffer;
  etag: string;
  encoded(encoding: BodyEncoding): Buffer;
}

const compress: Record<BodyEncoding, (bytes: Buffer) => Buffer> = {
  // Made once per data version, so the slower, smaller settings pay for themselves.
  br: (bytes) =>
    brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  gzip: (bytes) => gzipSync(bytes, { level: 9 }),
};

export function serializeBody(value: unknown): SerializedBody {
  const bytes = Buffer.from(JSON.stringify(value));
  const forms = new Map<BodyEncoding, Buffer>();
  return {
    bytes,
    etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`,
    encoded(encoding) {
      let form = forms.get(encoding);
      if (!form) forms.set(encoding, (form = compress[encoding](bytes)));
      return form;
    },
  };
}

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, each unless refused with q=0. */
export function preferredEncoding(acceptEncoding: string | undefined): BodyEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.trim().split(';');
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: BodyEncoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  return (['br', 'gzip'] as const).find((name) => weight(name) > 0);
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
