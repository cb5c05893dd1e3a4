import { describe, expect, it } from 'vitest';
import { dataUrlToBlob } from './save-data-url';

describe('dataUrlToBlob', () => {
  it('decodes a base64 data URL with its type', async () => {
    const blob = dataUrlToBlob(`data:image/png;base64,${btoa('\x89PNG\x00\xff')}`);
    expect(blob.type).toBe('image/png');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
  });

  it('decodes a percent-encoded data URL', async () => {
    const blob = dataUrlToBlob('data:text/plain;charset=utf-8,hi%20there');
    expect(blob.type).toBe('text/plain');
    expect(await blob.text()).toBe('hi there');
  });

  it('refuses anything else', () => {
    expect(() => dataUrlToBlob('https://example.com/a.png')).toThrow('Not a data URL');
  });
});
