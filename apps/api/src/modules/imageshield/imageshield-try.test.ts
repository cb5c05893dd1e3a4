import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { errorCodes } from '@app/shared/errors';
import { imageshieldTexts, tryLimits, type TryProtectionResponse } from '@app/shared/imageshield';
import { measuredProtectionText, mediaErrors } from '@app/shared/media';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { TestClient } from '../../../test/test-client.js';
import { syntheticPhoto } from '../../adapters/image/perceptual-hash/synthetic-images.js';
import { defaultImageJobLimits } from '../../adapters/image/image-job-scheduler.js';
import { heldImageJobs, json, mp4Video, multipartBody, useMediaApp } from '../media/media.test-support.js';

let photo: Buffer;
beforeAll(async () => {
  const { data, width, height } = syntheticPhoto(2600, 1700);
  photo = await sharp(Buffer.from(data), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
});

function tryOut(
  client: TestClient,
  content: Buffer,
  fields: Record<string, string> = {},
  ip = '203.0.113.7',
) {
  const { payload, contentType } = multipartBody({ filename: 'my photo.jpg', content }, fields);
  return client.inject({
    method: 'POST',
    url: '/api/imageshield/try',
    payload,
    headers: { 'content-type': contentType },
    remoteAddress: ip,
  });
}

const hourMs = 3_600_000;
/** Waits for the next clock hour when this one ends within 20 s: long enough for six tries under load. */
async function startWellInsideAnHour() {
  const left = hourMs - (Date.now() % hourMs);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

describe.each(testDatabaseKinds())('ImageShield try-out (%s)', (dbKind) => {
  const media = useMediaApp(dbKind, 'local');

  it('protects a visitor’s picture without saving anything, scaled to 2048 px and watermarked', async () => {
    const visitor = new TestClient(media.app);
    const keysBefore = await media.storedKeys();
    const response = await tryOut(visitor, photo, { protectionLevel: 'heavy' }, '198.51.100.1');
    expect(response.statusCode).toBe(200);
    const body = json<TryProtectionResponse>(response);
    expect(body).toMatchObject({ protectionLevel: 'heavy', remainingTries: tryLimits.visitorPerHour - 1 });
    // The success text says what was measured, not the blanket default.
    expect(body.message).toBe(measuredProtectionText(body.report));
    expect(body.report.watermarked).toBe(true);
    expect(body.image.filename).toBe('my photo-protected.jpg');
    const image = Buffer.from(body.image.dataUrl.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
    const meta = await sharp(image).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(2048 * 1.2);
    expect([meta.width, meta.height]).toEqual([body.image.width, body.image.height]);
    expect(await media.storedKeys()).toEqual(keysBefore);
    expect(await media.tempFiles()).toEqual([]);
  });

  it('gives a visitor five tries an hour, then a 429 that says when to come back', async () => {
    // Tries are counted per clock hour: six tries that straddle a new hour are two windows' worth.
    await startWellInsideAnHour();
    const visitor = new TestClient(media.app);
    const small = await sharp(photo).resize(400).jpeg().toBuffer();
    const statuses = [];
    for (let i = 0; i < tryLimits.visitorPerHour; i += 1)
      statuses.push((await tryOut(visitor, small, {}, '198.51.100.2')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const refused = await tryOut(visitor, small, {}, '198.51.100.2');
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toMatchObject({ code: errorCodes.rateLimited });
    expect(json<{ message: string }>(refused).message).toMatch(
      /^You have used this hour's free tries\. Try again in \d+ minutes?/,
    );
    // Another address is counted on its own.
    expect((await tryOut(visitor, small, {}, '198.51.100.3')).statusCode).toBe(200);
  }, 60_000);

  it('counts signed-in users by account with a larger allowance, and paid plans get no forced mark', async () => {
    const { client } = await media.signIn({ tier: 'pro' });
    const small = await sharp(photo).resize(400).jpeg().toBuffer();
    const body = json<TryProtectionResponse>(
      await tryOut(client, small, { protectionLevel: 'light' }, '198.51.100.9'),
    );
    expect(body.remainingTries).toBe(tryLimits.memberPerHour - 1);
    expect(body.report.watermarked).toBe(false);
  });

  it('refuses videos, damaged files, bad levels and calls without a CSRF token', async () => {
    const visitor = new TestClient(media.app);
    const video = await tryOut(visitor, mp4Video(), {}, '198.51.100.4');
    expect(video.statusCode).toBe(415);
    expect(json(video).message).toBe(imageshieldTexts.onlyImages);
    const damaged = await tryOut(visitor, photo.subarray(0, 3000), {}, '198.51.100.4');
    expect(damaged.statusCode).toBe(400);
    expect(json(damaged).message).toBe(mediaErrors.damagedImage);
    const badLevel = await tryOut(visitor, photo, { protectionLevel: 'max' }, '198.51.100.4');
    expect(badLevel.statusCode).toBe(400);
    const { payload, contentType } = multipartBody({ filename: 'a.jpg', content: photo });
    const noCsrf = await visitor.inject(
      { method: 'POST', url: '/api/imageshield/try', payload, headers: { 'content-type': contentType } },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect(await media.tempFiles()).toEqual([]);
  });
});

describe.each(testDatabaseKinds())(
  'ImageShield try-out shares image processing by visitor address (%s)',
  (dbKind) => {
    const held = heldImageJobs();
    const media = useMediaApp(dbKind, 'local', {}, { imageJobs: held.imageJobs });

    it('answers 429 with Retry-After to an address with its share in processing, without costing a try; another address still gets in', async () => {
      const { data, width, height } = syntheticPhoto(400, 300);
      const small = await sharp(Buffer.from(data), { raw: { width, height, channels: 3 } })
        .jpeg()
        .toBuffer();
      const busy = new TestClient(media.app);
      const other = new TestClient(media.app);
      await Promise.all([busy.fetchCsrfToken(), other.fetchCsrfToken()]);
      const tries = Array.from({ length: defaultImageJobLimits.perOwner + 1 }, () =>
        tryOut(busy, small, { protectionLevel: 'light' }, '192.0.2.10'),
      );

      const refused = await Promise.race(tries);
      expect(refused.statusCode).toBe(429);
      expect(json(refused)).toEqual({
        message: mediaErrors.imagesStillProcessing,
        code: errorCodes.rateLimited,
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      const otherTry = tryOut(other, small, { protectionLevel: 'light' }, '192.0.2.20');
      await vi.waitFor(() => expect(held.imageJobs.load().waiting).toBe(defaultImageJobLimits.perOwner + 1));

      await held.release();
      const served = (await Promise.all(tries)).filter((response) => response.statusCode === 200);
      expect(served).toHaveLength(defaultImageJobLimits.perOwner);
      const remaining = served.map((response) => json<TryProtectionResponse>(response).remainingTries);
      expect(Math.min(...remaining)).toBe(tryLimits.visitorPerHour - defaultImageJobLimits.perOwner);
      expect((await otherTry).statusCode).toBe(200);
    });
  },
);
