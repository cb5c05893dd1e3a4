import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { withMigratedDatabase } from './migrated-data-dir';
import { appendToFile, testLogFile } from '../../apps/api/test/log-secrets/test-log-files';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface RunningApp {
  baseUrl: string;
  dataDir: string;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited early (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The app did not become ready within 90 s:\n${output()}`);
}

/** Starts the app exactly as `npm start` does (scripts/start.mjs), on a free port with its own data. */
export async function startApp(
  options: { dataDir?: string; env?: Record<string, string>; port?: number } = {},
): Promise<RunningApp> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  withMigratedDatabase(dataDir);
  let log = '';
  // Within a full run the server's log also goes to a file, which the run's end scans for secrets.
  const logFile = testLogFile('e2e');
  const logToFile = logFile ? appendToFile(logFile) : undefined;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: logFile ? 'info' : 'warn',
      NODE_ENV: 'production',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const record = (chunk: Buffer) => {
    log += chunk;
    logToFile?.write(chunk);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const baseUrl = `http://127.0.0.1:${port}`;
  const output = () => log;
  try {
    await waitUntilReady(baseUrl, child, output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    output,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
  };
}

export function removeDataDir(dataDir: string) {
  rmSync(dataDir, { recursive: true, force: true });
}
