// How the bench's servers reach PostgreSQL. When the database runs on this machine, they use its
// Unix socket, as a same-host deployment should: over TCP loopback the kernel delivers every
// statement through the whole TCP stack inside the server's own write call, which measured a fifth
// of the server's CPU (docs/load-testing.md, "Connections to PostgreSQL").
import { existsSync } from 'node:fs';

const localHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);
const socketDirs = ['/var/run/postgresql', '/run/postgresql', '/tmp'];

export interface DatabaseTransport {
  /** True when the servers connect through the local Unix socket. */
  viaSocket: boolean;
  /** The URL the servers get for `database`; the admin connection keeps the URL it was given. */
  urlFor(tcpUrl: string): string;
  describe(): string;
}

/**
 * `LOAD_BENCH_DATABASE_TRANSPORT`: `socket` (the default: the Unix socket when the server is local
 * and its socket file is there, else TCP) or `tcp` (always the URL as given).
 */
export function chooseDatabaseTransport(
  serverUrl: string,
  wanted = process.env.LOAD_BENCH_DATABASE_TRANSPORT ?? 'socket',
): DatabaseTransport {
  if (wanted !== 'socket' && wanted !== 'tcp')
    throw new Error(`LOAD_BENCH_DATABASE_TRANSPORT: "socket" or "tcp", not "${wanted}"`);
  const url = new URL(serverUrl);
  const port = url.port || '5432';
  const socketDir =
    wanted === 'socket' && localHosts.has(url.hostname) && !url.searchParams.has('host')
      ? socketDirs.find((dir) => existsSync(`${dir}/.s.PGSQL.${port}`))
      : undefined;
  if (!socketDir) {
    return {
      viaSocket: false,
      urlFor: (tcpUrl) => tcpUrl,
      describe: () => `TCP to ${url.host}${wanted === 'socket' ? ' (no local Unix socket found)' : ''}`,
    };
  }
  return {
    viaSocket: true,
    urlFor(tcpUrl) {
      const viaSocket = new URL(tcpUrl);
      // node-postgres takes a directory in `host` as the socket's folder (libpq does the same).
      viaSocket.searchParams.set('host', socketDir);
      return viaSocket.toString();
    },
    describe: () =>
      `Unix socket ${socketDir}/.s.PGSQL.${port} (LOAD_BENCH_DATABASE_TRANSPORT=tcp for ${url.host})`,
  };
}
