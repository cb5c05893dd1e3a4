import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The same rule as eslint.config.js (decision 027), checked here too so it holds even where lint is not run.
const srcDir = path.dirname(fileURLToPath(import.meta.url));
const repoImport = /from\s+'[^']*\.repo(\.js)?'/;

async function filesEndingIn(dir: string, suffix: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('layering: routes and jobs call services, never repositories', () => {
  it('no route file and no job definition imports a *.repo file', async () => {
    const files = [
      ...(await filesEndingIn(path.join(srcDir, 'modules'), '.routes.ts')),
      ...(await filesEndingIn(path.join(srcDir, 'jobs'), '.job.ts')),
    ];
    expect(files.length).toBeGreaterThan(30);
    const offenders: string[] = [];
    for (const file of files) {
      if (repoImport.test(await readFile(file, 'utf8'))) offenders.push(path.relative(srcDir, file));
    }
    expect(offenders).toEqual([]);
  });
});
