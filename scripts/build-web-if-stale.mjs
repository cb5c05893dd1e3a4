// Builds the web app when apps/web/dist is missing or older than any of its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const prerenderedPages = path.join(root, 'apps/web/dist/prerendered/pages.json');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite',
  'scripts/prerender.mjs',
  'scripts/lib/script-budget.mjs',
  'apps/web/package.json',
  'packages/shared/src',
  'package-lock.json',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))),
    stats.mtimeMs,
  );
}

export function webBuildIsStale() {
  if (!existsSync(builtIndex) || !existsSync(prerenderedPages)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

export function buildWebIfStale() {
  if (!webBuildIsStale()) return;
  console.log('Building the web app (apps/web) ...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The web app build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildWebIfStale();
