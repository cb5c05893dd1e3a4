import { describe, expect, it } from 'vitest';
import { createMediaUrlSigner } from './media-url-signer.js';

const key = Buffer.from('a-key-of-at-least-thirty-two-characters!');
const asset = '0b7c6a52-3f0e-4a43-9a4f-4b1f2d4c9a10';

function queryOf(url: string) {
  const query = new URL(url, 'http://x').searchParams;
  return { exp: Number(query.get('exp')), sig: query.get('sig')!, download: query.get('download') === '1' };
}

describe('media URL signer', () => {
  it('gives the same link within an expiry step, a new one after it, and both verify', () => {
    let now = 1_800_000_000_000;
    const signer = createMediaUrlSigner(key, 3600, () => now);
    const first = signer.sign(asset, 'thumbnail');
    expect(signer.sign(asset, 'thumbnail')).toEqual(first);
    expect(first.url).toMatch(new RegExp(`^/api/media/${asset}/file/thumbnail\\?exp=\\d+&sig=[\\w-]+$`));
    expect(signer.verify(asset, 'thumbnail', queryOf(first.url))).toBe('valid');

    now += 601_000;
    const later = signer.sign(asset, 'thumbnail');
    expect(later.url).not.toBe(first.url);
    expect(later.expiresAt.getTime()).toBeGreaterThan(first.expiresAt.getTime());
    expect(signer.verify(asset, 'thumbnail', queryOf(later.url))).toBe('valid');
    expect(signer.verify(asset, 'thumbnail', queryOf(first.url))).toBe('valid');
  });

  it('signs downloads apart, and refuses a link changed in any part or past its expiry', () => {
    let now = 1_800_000_000_000;
    const signer = createMediaUrlSigner(key, 3600, () => now);
    const download = signer.sign(asset, 'original', { download: true });
    const query = queryOf(download.url);
    expect(query.download).toBe(true);
    expect(signer.verify(asset, 'original', query)).toBe('valid');
    expect(signer.verify(asset, 'original', { ...query, download: false })).toBe('invalid');
    expect(signer.verify(asset, 'thumbnail', query)).toBe('invalid');
    expect(signer.verify(asset, 'original', { ...query, exp: query.exp + 600 })).toBe('invalid');
    now = query.exp * 1000 + 1;
    expect(signer.verify(asset, 'original', query)).toBe('expired');
  });
});
