import { describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { errorCodes } from '@app/shared/errors';
import { mediaErrors } from '@app/shared/media';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { defaultImageJobLimits } from '../../adapters/image/image-job-scheduler.js';
import { heldImageJobs, json, pngImage, upload, useMediaApp } from './media.test-support.js';

describe.each(testDatabaseKinds())('image processing shared fairly between accounts (%s)', (dbKind) => {
  const held = heldImageJobs();
  const media = useMediaApp(dbKind, 'local', {}, { imageJobs: held.imageJobs });

  it('answers 429 with Retry-After once an account has its share in processing; other accounts still get in', async () => {
    const busy = await media.signIn();
    const other = await media.signIn();
    const image = await pngImage();
    // One CSRF token per client before the burst (parallel first requests would each fetch their own).
    await Promise.all([busy.client.fetchCsrfToken(), other.client.fetchCsrfToken()]);
    const uploads = Array.from({ length: defaultImageJobLimits.perOwner + 1 }, (_, index) =>
      upload(busy.client, { filename: `burst-${index}.png`, content: image }),
    );

    // Nothing can finish while the slots are held, so the first answer is the refused upload.
    const refused = await Promise.race(uploads);
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toEqual({
      message: mediaErrors.imagesStillProcessing,
      code: errorCodes.rateLimited,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    const otherUpload = upload(other.client, { filename: 'single.png', content: image });
    await vi.waitFor(() => expect(held.imageJobs.load().waiting).toBe(defaultImageJobLimits.perOwner + 1));

    await held.release();
    const answers: LightMyRequestResponse[] = await Promise.all([...uploads, otherUpload]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual(
      [...Array(defaultImageJobLimits.perOwner + 1).fill(201), 429].sort(),
    );
    // The refused upload left nothing: each accepted one stored its image and thumbnail.
    const busyKeys = (await media.storedKeys()).filter((key) => key.startsWith(`${busy.user.id}/`));
    expect(busyKeys).toHaveLength(defaultImageJobLimits.perOwner * 2);
    expect(await media.tempFiles()).toEqual([]);
  });
});
