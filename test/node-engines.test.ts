import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The machines here run one Node (20.20, docs/decisions/029-node-20-dependencies.md). A dependency that
// declares a newer Node may still load today and break on the next patch of it, so each declared range
// must include the Node that runs the tests. The lock file lists every installed folder; only the
// package.json files are read, so the walk stays fast.
const root = join(import.meta.dirname, '..');

interface Manifest {
  name?: string;
  version?: string;
  engines?: { node?: unknown };
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/**
 * Packages whose `engines.node` is no statement of what they need, each checked by hand, with why it
 * runs on our Node. Keyed by exact version: an upgrade is checked again.
 */
const misdeclared: Record<string, { declares: string; why: string }> = {};

function nodeRangeIncludes(range: unknown, version: string): boolean {
  return typeof range === 'string' && semver.satisfies(version, range, { includePrerelease: true });
}

describe('declared Node ranges', () => {
  it('every installed package accepts the running Node', () => {
    const lock = readJson<{ packages: Record<string, unknown> }>(join(root, 'package-lock.json'));
    const excluded: string[] = [];
    let read = 0;
    for (const folder of Object.keys(lock.packages)) {
      const file = join(root, folder, 'package.json');
      // Optional packages for other platforms are in the lock file but not installed.
      if (!existsSync(file)) continue;
      const manifest = readJson<Manifest>(file);
      read += 1;
      const range = manifest.engines?.node;
      if (range === undefined || nodeRangeIncludes(range, process.version)) continue;
      if (misdeclared[`${manifest.name}@${manifest.version}`]?.declares === range) continue;
      excluded.push(
        `${folder || '.'} (${manifest.name}@${manifest.version}) declares node ${JSON.stringify(range)}`,
      );
    }
    expect(read).toBeGreaterThan(100);
    expect(excluded, `these packages exclude ${process.version}`).toEqual([]);
  });

  it('.nvmrc names a Node inside the range package.json states', () => {
    const pinned = readFileSync(join(root, '.nvmrc'), 'utf8').trim();
    const range = readJson<Manifest>(join(root, 'package.json')).engines?.node;
    expect(typeof range === 'string' && semver.validRange(range), 'package.json engines.node').toBeTruthy();
    expect(nodeRangeIncludes(range, semver.coerce(pinned)?.version ?? pinned), `.nvmrc ${pinned}`).toBe(true);
  });
});
