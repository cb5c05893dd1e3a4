import { createHmac, randomBytes } from 'node:crypto';
import { errorCodes } from '@app/shared/errors';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { tooManyAttemptsMessage } from './auth-messages.js';
import { readOrCreateAuthState } from './auth-state.repo.js';
import {
  deleteLoginAttemptsBefore,
  deleteLoginFailures,
  insertLoginFailure,
  lockAttemptNames,
  recentFailureTimes,
} from './login-attempts.repo.js';

export const maxLoginFailures = 5;
export const loginWindowMs = 15 * 60 * 1000;

export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, tooManyAttemptsMessage(retryAfterSeconds), errorCodes.rateLimited);
  }
}

/**
 * Who is trying: every name the attempt could count against (as typed, and the account's username
 * and e-mail when it exists, so switching between them gains nothing), plus the caller's IP hash.
 */
export interface AttemptSource {
  identifiers: string[];
  ipHash: string | null;
}

export function attemptIdentifiers(typed: string | null, user: UserRow | null): string[] {
  const names = [typed, user?.username, user?.email].filter((name): name is string => Boolean(name));
  return [...new Set(names.map((name) => name.trim().toLowerCase()))];
}

// The salt lives in the database so every process hashes an address the same way.
const saltByDatabase = new WeakMap<Database, Promise<string>>();

/** A keyed hash: equal values match, but no table holds the value (an IP, an e-mail address) itself. */
export async function keyedHash(db: Database, value: string): Promise<string> {
  let salt = saltByDatabase.get(db);
  if (!salt) {
    salt = readOrCreateAuthState(db, 'login_ip_salt', randomBytes(32).toString('hex'));
    saltByDatabase.set(db, salt);
  }
  return createHmac('sha256', await salt)
    .update(value)
    .digest('hex');
}

export async function hashIp(db: Database, ip: string | undefined): Promise<string | null> {
  return ip ? keyedHash(db, ip) : null;
}

async function retryAfterSeconds(db: Database, scope: Parameters<typeof recentFailureTimes>[1], now: Date) {
  const since = new Date(now.getTime() - loginWindowMs);
  const failures = await recentFailureTimes(db, scope, since, maxLoginFailures);
  if (failures.length < maxLoginFailures) return 0;
  // Allowed again once the oldest of the last `maxLoginFailures` failures leaves the window.
  const oldest = failures[maxLoginFailures - 1]!;
  return Math.max(1, Math.ceil((oldest.getTime() + loginWindowMs - now.getTime()) / 1000));
}

/**
 * Takes one attempt from the account's and the IP's allowance before any password is checked, or
 * refuses with 429. The attempt is stored as a failure at once (a reservation): checking the count
 * and recording the attempt happen under one lock per name, so parallel guesses, on any number of
 * server processes, cannot all pass the check before the first failure is written. A success then
 * deletes the reservation with the other failures (clearFailedAttempts).
 */
export async function reserveAttempt(db: Database, source: AttemptSource, now = new Date()) {
  await db.transaction(async (tx) => {
    await lockAttemptNames(tx, [...source.identifiers, ...(source.ipHash ? [`ip:${source.ipHash}`] : [])]);
    const waits = [await retryAfterSeconds(tx, { identifiers: source.identifiers }, now)];
    if (source.ipHash) waits.push(await retryAfterSeconds(tx, { ipHash: source.ipHash }, now));
    const wait = Math.max(...waits);
    if (wait > 0) throw new TooManyAttemptsError(wait);
    await insertLoginFailure(tx, source.identifiers[0]!, source.ipHash);
  });
  await deleteLoginAttemptsBefore(db, new Date(now.getTime() - loginWindowMs));
}

/** After a proven password: the reservation and every earlier failure of the account are forgotten. */
export async function clearFailedAttempts(db: Database, source: AttemptSource) {
  await deleteLoginFailures(db, source.identifiers);
}
