// The real server (apps/api/src/server.ts) as a child process, started and stopped like production.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The environment one server process needs besides `extra`: port, data directory, production mode. */
export function serverEnv(
  port: number,
  dataDir: string,
  extra: Record<string, string | undefined>,
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ...extra,
  };
}

export class ServerProcess {
  child: ChildProcess | undefined;
  /** The last 64 kB the process wrote (logs), for reports when something goes wrong. */
  output = '';
  /** Exits nobody asked for (crashes), with what the process wrote last. */
  readonly crashes: { exit: string; output: string }[] = [];
  private stopping = false;

  constructor(
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(timeoutMs = 90_000) {
    // LOAD_BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles each server process.
    const nodeArgs = (process.env.LOAD_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(
      process.execPath,
      [...nodeArgs, '--import', 'tsx', path.join(root, 'apps/api/src/server.ts')],
      {
        cwd: root,
        env: this.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-65_536));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.stopping = false;
    child.once('exit', (code, signal) => {
      if (!this.stopping)
        this.crashes.push({ exit: signal ?? `code ${code}`, output: this.output.slice(-4000) });
    });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null)
        throw new Error(`server exited with ${child.exitCode} while starting:\n${this.output}`);
      const ok = await fetch(`${this.url}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await sleep(100);
    }
    throw new Error(`server did not answer /readyz within ${timeoutMs / 1000} s:\n${this.output}`);
  }

  running() {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** SIGTERM lets in-flight requests finish; SIGKILL is a crash. SIGKILL follows after 15 s either way. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<string> {
    const child = this.child;
    if (!child || !this.running()) return 'not running';
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.stopping = true;
    child.kill(signal);
    const inTime = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
    if (inTime) return `${signal}: exited`;
    child.kill('SIGKILL');
    await exited;
    return `${signal}: still running after 15 s, SIGKILLed`;
  }
}
