import { closeSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { LogDestination } from '../../src/lib/logger.js';

/** Set by the global setup (global-setup.ts) for the whole run: every server a test starts logs there. */
export const testLogDirVariable = 'CREATOR_STUDIO_TEST_LOG_DIR';

export function testLogDirectory(): string | undefined {
  return process.env[testLogDirVariable] || undefined;
}

/**
 * The file the servers of the current test file log to, named after it so a failing test's log is
 * easy to find; undefined when the run has no log directory (e.g. a package's own vitest config).
 */
export function testLogFile(kind: 'api' | 'e2e'): string | undefined {
  const directory = testLogDirectory();
  if (!directory) return undefined;
  const testPath = expect.getState().testPath;
  const label = testPath ? path.basename(testPath).replace(/\.(test|e2e)\.tsx?$/, '') : 'outside-tests';
  return path.join(directory, `${kind}-${label}-${process.pid}.log`);
}

const openFiles = new Map<string, number>();

/** Synchronous appends: every line is on disk before the run's final scan, whatever crashes. */
export function appendToFile(file: string): LogDestination & { write: (data: string | Uint8Array) => void } {
  let descriptor = openFiles.get(file);
  if (descriptor === undefined) {
    descriptor = openSync(file, 'a');
    openFiles.set(file, descriptor);
  }
  const fd = descriptor;
  return { write: (data) => void (typeof data === 'string' ? writeSync(fd, data) : writeSync(fd, data)) };
}

process.once('exit', () => openFiles.forEach((fd) => closeSync(fd)));
