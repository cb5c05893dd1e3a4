// CPU time per request, read from /proc: what each request costs the servers, PostgreSQL and the
// bench itself. Requests per second swing with whatever else the machine is doing; CPU time per
// request hardly does, so it is what to compare between two versions of the code.
import { readdirSync, readFileSync } from 'node:fs';

// USER_HZ, the unit of /proc/<pid>/stat's times: 100 on every Linux that Node.js runs on.
const ticksPerSecond = 100;

/** utime + stime of one process in ms, or undefined when it is gone (or this is not Linux). */
function processCpuMs(pid: number | string): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

/** Every PostgreSQL process on this machine (backends, writers, autovacuum), when it runs here. */
function postgresCpuMs(): number | undefined {
  let total: number | undefined;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    let comm: string;
    try {
      comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (comm !== 'postgres') continue;
    total = (total ?? 0) + (processCpuMs(pid) ?? 0);
  }
  return total;
}

interface Reading {
  servers: (number | undefined)[];
  postgres: number | undefined;
  bench: number;
}

function read(serverPids: (number | undefined)[]): Reading {
  const own = process.cpuUsage();
  return {
    servers: serverPids.map((pid) => (pid === undefined ? undefined : processCpuMs(pid))),
    postgres: postgresCpuMs(),
    bench: (own.user + own.system) / 1000,
  };
}

/** Starts measuring; the returned function tells the CPU ms per request since then. */
export function startCpuMeter(serverPids: (number | undefined)[]) {
  const before = read(serverPids);
  return (requests: number): string => {
    const after = read(serverPids);
    const perRequest = (from: number | undefined, to: number | undefined) =>
      from === undefined || to === undefined || requests === 0 ? undefined : (to - from) / requests;
    const serverTimes = after.servers.map((to, index) => perRequest(before.servers[index], to));
    const server = serverTimes.every((time) => time !== undefined)
      ? serverTimes.reduce<number>((sum, time) => sum + time!, 0)
      : undefined;
    const parts = [
      ['servers', server],
      ['PostgreSQL', perRequest(before.postgres, after.postgres)],
      ['bench (load, stand-ins, proxy)', perRequest(before.bench, after.bench)],
    ] as const;
    return parts
      .filter(([, time]) => time !== undefined)
      .map(([name, time]) => `${name} ${time!.toFixed(2)}`)
      .join(', ');
  };
}
