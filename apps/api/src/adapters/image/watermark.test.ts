import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { watermarkOverlay, type WatermarkCorner } from './watermark.js';

/** How many pixels of each quarter of a mid-grey picture the mark changed. */
async function changedPerQuarter(width: number, height: number, text: string, corner: WatermarkCorner) {
  const grey = { width, height, channels: 3 as const, background: { r: 128, g: 128, b: 128 } };
  // Compositing adds an alpha channel to the output.
  const { data, info } = await sharp({ create: grey })
    .composite([watermarkOverlay(width, height, text, corner)])
    .raw()
    .toBuffer({ resolveWithObject: true });
  const counts = { 'top-left': 0, 'top-right': 0, 'bottom-left': 0, 'bottom-right': 0 };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * info.channels;
      if (data[i] !== 128 || data[i + 1] !== 128 || data[i + 2] !== 128) {
        counts[`${y < height / 2 ? 'top' : 'bottom'}-${x < width / 2 ? 'left' : 'right'}`] += 1;
      }
    }
  }
  return counts;
}

describe('watermarkOverlay', () => {
  it.each(['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const)(
    'draws the mark in the %s corner only',
    async (corner) => {
      const counts = await changedPerQuarter(900, 600, '© creator_name', corner);
      expect(counts[corner]).toBeGreaterThan(500);
      for (const [quarter, count] of Object.entries(counts))
        if (quarter !== corner) expect(count, quarter).toBe(0);
    },
  );

  it('fits pictures smaller than the mark would like, and escapes the text', async () => {
    const overlay = watermarkOverlay(60, 40, '<© a very long name & more>');
    const meta = await sharp(overlay.input).metadata();
    expect(meta.width).toBeLessThanOrEqual(60);
    expect(meta.height).toBeLessThanOrEqual(40);
    expect(overlay.left).toBeGreaterThanOrEqual(0);
    expect(overlay.input.toString()).toContain('&#60;© a very long name &#38; more&#62;');
  });
});
