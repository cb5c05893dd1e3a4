// `npm run bench`: runs every bench/*.ts|mjs script in turn; each prints its figures and ratios.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Old names still run their bench under its new name.
const aliases = { 'forensic-mark': 'leaks' };
const only = aliases[process.argv[2]] ?? process.argv[2];
const scripts = readdirSync(path.join(root, 'bench'))
  .filter((name) => /\.(ts|mjs)$/.test(name) && (!only || name.startsWith(only)))
  .sort();
if (scripts.length === 0)
  console.log(only ? `No benchmark named ${only} in bench/.` : 'No benchmarks in bench/ yet.');
for (const script of scripts) {
  console.log(`\n== bench/${script}`);
  const result = spawnSync('npx', ['tsx', path.join('bench', script)], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exitCode = 1;
}
