import { createHash, randomBytes } from 'node:crypto';
import { and, eq, like, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { serverSecrets } from '../../db/schema/index.js';

const saltPrefix = 'analytics-salt:';
const dayMs = 24 * 60 * 60 * 1000;

/** The UTC calendar day of `now`, as YYYY-MM-DD. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export const analyticsSaltName = (day: string) => `${saltPrefix}${day}`;

export interface VisitorHasher {
  /** sha256(today's salt + address + user agent): counts unique visitors, identifies nobody. */
  visitorHash(ip: string, userAgent: string, now: Date): Promise<string>;
  /** A key for the per-address rate limit, made with the same daily salt (never the address itself). */
  addressKey(ip: string, now: Date): Promise<string>;
}

/**
 * The salt is random, one per UTC day, kept in server_secrets so every process hashes a visitor the
 * same way, and deleted once it is older than yesterday: after that nobody, not even we, can tell
 * whether two hashes from different days belong to the same person.
 */
export function createVisitorHasher(db: Database): VisitorHasher {
  let cached: { day: string; salt: Promise<Buffer> } | undefined;

  const saltFor = (now: Date): Promise<Buffer> => {
    const day = utcDay(now);
    if (cached?.day !== day) {
      const salt = loadDailySalt(db, now);
      cached = { day, salt };
      // A failed load (database down) must not stay cached: the next request tries again.
      salt.catch(() => {
        if (cached?.salt === salt) cached = undefined;
      });
    }
    return cached.salt;
  };

  return {
    async visitorHash(ip, userAgent, now) {
      const salt = await saltFor(now);
      return createHash('sha256').update(salt).update(`visitor\0${ip}\0${userAgent}`).digest('hex');
    },
    async addressKey(ip, now) {
      const salt = await saltFor(now);
      return createHash('sha256').update(salt).update(`address\0${ip}`).digest('hex');
    },
  };
}

/**
 * Whichever process needs the day's salt first creates it (insert … on conflict do nothing), and
 * every process then reads the one that won; salts before yesterday are removed on the way.
 */
export async function loadDailySalt(db: Database, now: Date): Promise<Buffer> {
  const name = analyticsSaltName(utcDay(now));
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  // YYYY-MM-DD sorts as text, so "older than yesterday" is a plain comparison of names.
  const yesterday = analyticsSaltName(utcDay(new Date(now.getTime() - dayMs)));
  await db
    .delete(serverSecrets)
    .where(and(like(serverSecrets.name, `${saltPrefix}%`), lt(serverSecrets.name, yesterday)));
  return Buffer.from(row!.value, 'base64');
}
