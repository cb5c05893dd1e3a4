import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { preferredEncoding, serializeBody } from './serialized-body.js';

describe('a body serialised once', () => {
  it('compresses each encoding once and keeps it', () => {
    const body = serializeBody({ rows: Array.from({ length: 200 }, (_, n) => ({ name: `community_${n}` })) });
    const br = body.encoded('br');
    expect(body.encoded('br')).toBe(br);
    expect(JSON.parse(brotliDecompressSync(br).toString())).toEqual(JSON.parse(body.bytes.toString()));
    expect(JSON.parse(gunzipSync(body.encoded('gzip')).toString())).toEqual(
      JSON.parse(body.bytes.toString()),
    );
    expect(br.length).toBeLessThan(body.bytes.length / 5);
  });

  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['BR', 'br'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['deflate', undefined],
  ])('Accept-Encoding %j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
