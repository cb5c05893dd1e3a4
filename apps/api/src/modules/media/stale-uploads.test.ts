import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepStaleUploads } from './stale-uploads.js';

describe('sweepStaleUploads', () => {
  let dir: string;
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('removes files older than six hours and keeps recent ones', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'stale-uploads-'));
    await writeFile(path.join(dir, 'crashed.upload'), 'x');
    await writeFile(path.join(dir, 'running.upload'), 'y');
    const sevenHoursAgo = new Date(Date.now() - 7 * 3600_000);
    await utimes(path.join(dir, 'crashed.upload'), sevenHoursAgo, sevenHoursAgo);
    expect(await sweepStaleUploads(dir)).toBe(1);
    expect(await readdir(dir)).toEqual(['running.upload']);
  });

  it('is quiet when the folder does not exist yet', async () => {
    dir = path.join(tmpdir(), 'stale-uploads-missing');
    expect(await sweepStaleUploads(dir)).toBe(0);
  });
});
