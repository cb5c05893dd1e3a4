import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { knownTestSecrets } from './known-secrets.js';
import { describeFindings, scanLogDirectory } from './scan-logs.js';
import { testLogDirVariable } from './test-log-files.js';

const logsRoot = path.join(tmpdir(), 'creator-studio-test-logs');
const keepRunsForMs = 2 * 24 * 60 * 60 * 1000;

/**
 * One log directory per test run, shared with the test workers (and the servers they spawn) through
 * the environment. At the end every log is scanned; a secret in any of them fails the run.
 */
export default async function setup() {
  await removeOldRuns();
  const runDirectory = path.join(
    logsRoot,
    `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`,
  );
  await mkdir(runDirectory, { recursive: true });
  process.env[testLogDirVariable] = runDirectory;

  return async () => {
    const { findings, files, lines } = await scanLogDirectory(runDirectory, await knownTestSecrets());
    if (findings.length === 0) {
      console.log(`Server logs: ${files} file(s), ${lines} line(s) in ${runDirectory}; no secrets found.`);
      return;
    }
    // Vitest only prints a teardown's error; the exit code is what fails the run.
    process.exitCode = 1;
    throw new Error(describeFindings(findings, runDirectory));
  };
}

async function removeOldRuns() {
  const runs = await readdir(logsRoot).catch(() => []);
  for (const run of runs) {
    const runPath = path.join(logsRoot, run);
    // Another run may be removing it at the same moment.
    const info = await stat(runPath).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > keepRunsForMs)
      await rm(runPath, { recursive: true, force: true });
  }
}
