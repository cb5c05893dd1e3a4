import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { leakTraceTexts, traceLimits, traceResultSchema } from '@app/shared/leak-trace';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import type { TestClient } from '../../../test/test-client.js';
import { consumeAllowance } from '../../lib/usage-allowance.js';
import { multipartBody, useMediaApp } from '../media/media.test-support.js';

const found = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#c86464' } })
    .jpeg({ quality: 80 })
    .toBuffer();

describe.each(testDatabaseKinds())('the trace allowance (%s)', (dbKind) => {
  const media = useMediaApp(dbKind, 'local');

  function trace(client: TestClient, content: Buffer) {
    const { payload, contentType } = multipartBody({ filename: 'found.jpg', content });
    return client.inject({
      method: 'POST',
      url: '/api/leaks/trace',
      payload,
      headers: { 'content-type': contentType },
    });
  }

  it(`stops a creator at ${traceLimits.perHour} traces an hour, saying how long to wait, and not anyone else`, async () => {
    const { user, client } = await media.signIn({ tier: 'pro' });
    const other = await media.signIn({ tier: 'pro' });
    const picture = await found();
    expect((await trace(client, picture)).statusCode).toBe(200);
    // The rest of her hour's allowance, taken the way traces take it, until it is used up (whatever
    // hour the clock is in by then).
    const takeOne = () =>
      consumeAllowance(media.db, {
        scope: 'leaks.trace',
        subject: user.id,
        windowMs: 3600_000,
        limit: traceLimits.perHour,
      });
    let taken = 1;
    while ((await takeOne()).allowed) taken++;
    expect(taken).toBeLessThanOrEqual(traceLimits.perHour);

    const refused = await trace(client, picture);
    expect(refused.statusCode).toBe(429);
    const { message } = refused.json<{ message: string }>();
    const minutes = Number(/in (\d+) minutes?\./.exec(message)?.[1]);
    expect(minutes).toBeGreaterThanOrEqual(1);
    expect(minutes).toBeLessThanOrEqual(60);
    expect(message).toBe(leakTraceTexts.limitReached(minutes));
    expect(await media.tempFiles()).toEqual([]);

    const theirs = await trace(other.client, picture);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(traceResultSchema.parse(theirs.json()).method).toBe('none');
  }, 90_000);
});
