import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { createVisitorHasher } from '../analytics/visitor-hash.js';
import { isBot } from './bots.js';
import { insertClicks, resolveCode, type ClickRow } from './links.repo.js';

export interface ClickRequest {
  code: string;
  ip: string;
  userAgent: string | undefined;
  referrer: string | undefined;
}

function referrerHostOf(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    return new URL(referrer).hostname.slice(0, 255) || null;
  } catch {
    return null;
  }
}

export interface ClickRecorderOptions {
  /** How long a code's destination is reused before it is read again (a deletion elsewhere shows after this). */
  cacheMs: number;
  /** Clicks are written together at most this often, or sooner when `batchSize` are waiting. */
  flushMs: number;
  batchSize: number;
}

export const defaultClickRecorderOptions: ClickRecorderOptions = {
  cacheMs: 5000,
  flushMs: 200,
  batchSize: 500,
};

type Destination = Awaited<ReturnType<typeof resolveCode>>;

interface QueuedClick {
  click: ClickRequest;
  found: NonNullable<Destination>;
  at: Date;
}

/**
 * What a click on /l/{code} does (docs/tracked-links.md): the redirect answers at once, from a
 * short-lived cache of where each code leads, and the click joins a batch that one statement writes
 * a moment later. Stopping the server (SIGTERM) writes what is waiting before the process exits, so
 * no answered click is lost then; a crash can lose at most the last `flushMs` of clicks. A link
 * deleted here stops at once; one deleted by another process within `cacheMs`.
 */
export function createClickRecorder(
  db: Database,
  log?: FastifyBaseLogger,
  options: ClickRecorderOptions = defaultClickRecorderOptions,
) {
  const hasher = createVisitorHasher(db);
  const destinations = new Map<string, { value: Destination; until: number }>();
  // The address stays in memory only until the batch is written (a fraction of a second), never stored.
  let waiting: QueuedClick[] = [];
  let writing: Promise<void> = Promise.resolve();

  async function lookUp(code: string): Promise<Destination> {
    const value = await resolveCode(db, code);
    // Bounded: a flood of random codes must not grow memory (the oldest entry goes first).
    if (destinations.size >= 10_000) destinations.delete(destinations.keys().next().value!);
    destinations.set(code, { value, until: Date.now() + options.cacheMs });
    return value;
  }

  function queue(click: ClickRequest, found: Destination): string | null {
    if (!found) return null;
    waiting.push({ click, found, at: new Date() });
    if (waiting.length >= options.batchSize) void flush();
    return found.targetUrl;
  }

  /** The rows to write: the visitor's hash is made here, per batch, with the day's salt of each click. */
  async function rowsOf(batch: QueuedClick[]): Promise<ClickRow[]> {
    const rows: ClickRow[] = [];
    for (const { click, found, at } of batch) {
      rows.push({
        linkId: found.linkId,
        code: click.code,
        postId: found.postId,
        subreddit: found.subreddit,
        referrerHost: referrerHostOf(click.referrer),
        clientHash: await hasher.visitorHash(click.ip, click.userAgent ?? '', at),
        bot: isBot(click.userAgent),
        occurredAt: at,
      });
    }
    return rows;
  }

  function flush(): Promise<void> {
    if (waiting.length === 0) return writing;
    const batch = waiting;
    waiting = [];
    writing = writing.then(() =>
      rowsOf(batch)
        .then((rows) => insertClicks(db, rows))
        .catch((error: unknown) => {
          // Kept for the next write (up to a bound), so a database hiccup loses nothing.
          log?.warn({ err: error, clicks: batch.length }, 'could not store link clicks; retrying');
          if (waiting.length < 100_000) waiting = [...batch, ...waiting];
        }),
    );
    return writing;
  }
  const timer = setInterval(() => void flush(), options.flushMs);
  timer.unref();

  return {
    /**
     * The page to send the visitor to (the click is queued); null for an unknown or deleted link.
     * A code looked up in the last `cacheMs` answers without waiting for anything: this is the path
     * every busy link takes.
     */
    follow(click: ClickRequest): string | null | Promise<string | null> {
      if (!/^[A-Za-z0-9]{6,16}$/.test(click.code)) return null;
      const cached = destinations.get(click.code);
      if (cached && cached.until > Date.now()) return queue(click, cached.value);
      return lookUp(click.code).then((found) => queue(click, found));
    },
    /** After a link is deleted here: its codes stop redirecting at once. */
    forget(linkId: string) {
      for (const [code, entry] of destinations) if (entry.value?.linkId === linkId) destinations.delete(code);
    },
    flush,
    /** Writes everything waiting and stops the timer (the server's close). */
    async stop() {
      clearInterval(timer);
      await flush();
      await flush();
    },
  };
}

export type ClickRecorder = ReturnType<typeof createClickRecorder>;
