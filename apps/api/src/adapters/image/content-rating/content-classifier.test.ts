import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { WorkerContentClassifier } from './content-classifier.js';
import { ratingOf } from './content-rating.js';
import { drawnLandscape, flatColour } from './content-rating.test-support.js';
import { ratingInputSize, ratingPixelsOf } from './rating-pixels.js';

// The real model, loaded once for the whole file (its thread starts on the first photo).
const classifier = new WorkerContentClassifier();
afterAll(() => classifier.close());

const topClass = (scores: Record<string, number>) =>
  Object.entries(scores).sort(([, a], [, b]) => b - a)[0]![0];

describe('the nsfwjs classifier in its worker thread', () => {
  it('rates a flat colour and a simple drawing safe, with scores for all five classes', async () => {
    const flat = await classifier.classify(await ratingPixelsOf(await flatColour()));
    // What MobileNetV2 says here: Drawing about 0.90, Neutral 0.08, the explicit classes near 0.
    expect(topClass(flat)).toBe('drawing');
    expect(flat.porn + flat.hentai).toBeLessThan(0.1);
    expect(ratingOf(flat)).toBe('safe');

    const drawing = await classifier.classify(await ratingPixelsOf(await drawnLandscape()));
    // Neutral about 0.82, Drawing 0.18.
    expect(topClass(drawing)).toBe('neutral');
    expect(ratingOf(drawing)).toBe('safe');
    const sum = Object.values(drawing).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 2);
    // The same pixels give the same scores.
    expect(await classifier.classify(await ratingPixelsOf(await drawnLandscape()))).toEqual(drawing);
  });

  it('refuses pixels of the wrong size, and the next photo is classified by a fresh thread', async () => {
    await expect(classifier.classify(new Uint8Array(10))).rejects.toThrow(/224x224 RGB/);
    const flat = await classifier.classify(await ratingPixelsOf(await flatColour()));
    expect(ratingOf(flat)).toBe('safe');
  });
});

describe('the pixels a photo gives the classifier', () => {
  it('are 224×224 RGB whatever the input, transparency laid on white', async () => {
    const transparent = await sharp({
      create: { width: 50, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const pixels = await ratingPixelsOf(transparent);
    expect(pixels).toHaveLength(ratingInputSize * ratingInputSize * 3);
    expect(new Set(pixels)).toEqual(new Set([255]));
  });

  it('fail as an unreadable image for bytes that are not one', async () => {
    await expect(ratingPixelsOf(Buffer.from('not an image'))).rejects.toMatchObject({ reason: 'damaged' });
  });
});
