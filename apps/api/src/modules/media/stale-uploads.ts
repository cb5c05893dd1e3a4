import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Older than any upload could still be running: even 50 MB over a slow phone link is done in an hour. */
const staleAfterMs = 6 * 3600_000;

/**
 * Removes temporary upload files a crashed process left behind. Age-based, because other server
 * processes on this machine may share the folder and be writing their own uploads right now.
 */
export async function sweepStaleUploads(tempDir: string, now = Date.now()): Promise<number> {
  const names = await readdir(tempDir).catch(() => []);
  let removed = 0;
  for (const name of names) {
    const file = path.join(tempDir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && now - info.mtimeMs > staleAfterMs) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
