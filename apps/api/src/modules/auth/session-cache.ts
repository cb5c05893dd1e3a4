import type { UserRow } from '../../db/schema/index.js';

export interface CachedSession {
  sessionId: string;
  user: UserRow;
  /** When the session itself expires: an entry never outlives it. */
  expiresAt: Date;
}

interface Entry extends CachedSession {
  cachedUntil: number;
}

export interface SessionCacheOptions {
  /** How long an entry may be used at most, even if no change is ever announced. 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

/**
 * Signed-in users by session token hash, so that most requests need no session query (decision 017).
 * It is only trusted while the database's change notifications flow (`resume`): any change to a
 * user or one of their sessions, made by any process, removes that user's entries (`forgetUser`).
 *
 * A lookup that raced with a change must not be stored: `generation` is read before the query and
 * `remember` refuses the result when anything was forgotten meanwhile.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly hashesByUser = new Map<string, Set<string>>();
  private trusted = false;
  private forgets = 0;
  private readonly now: () => number;

  constructor(private readonly options: SessionCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get generation(): number {
    return this.forgets;
  }

  get size(): number {
    return this.entries.size;
  }

  get(tokenHash: string): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    const now = this.now();
    if (entry.cachedUntil <= now || entry.expiresAt.getTime() <= now) {
      this.remove(tokenHash, entry.user.id);
      return undefined;
    }
    return entry;
  }

  remember(tokenHash: string, session: CachedSession, generation: number): void {
    if (!this.trusted || this.options.ttlMs <= 0 || generation !== this.forgets) return;
    if (this.entries.size >= this.options.maxEntries) this.evictOldest();
    this.entries.set(tokenHash, { ...session, cachedUntil: this.now() + this.options.ttlMs });
    let hashes = this.hashesByUser.get(session.user.id);
    if (!hashes) this.hashesByUser.set(session.user.id, (hashes = new Set()));
    hashes.add(tokenHash);
  }

  forgetUser(userId: string): void {
    this.forgets++;
    for (const hash of this.hashesByUser.get(userId) ?? []) this.entries.delete(hash);
    this.hashesByUser.delete(userId);
  }

  /** Notifications may have been missed: nothing cached can be trusted until `resume`. */
  suspend(): void {
    this.trusted = false;
    this.clear();
  }

  /** Notifications flow (again); what was cached before may have missed some, so start empty. */
  resume(): void {
    this.clear();
    this.trusted = true;
  }

  private clear(): void {
    this.forgets++;
    this.entries.clear();
    this.hashesByUser.clear();
  }

  private remove(tokenHash: string, userId: string): void {
    this.entries.delete(tokenHash);
    const hashes = this.hashesByUser.get(userId);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.hashesByUser.delete(userId);
  }

  private evictOldest(): void {
    // Maps iterate in insertion order, so the first entry is the oldest.
    const oldest = this.entries.entries().next().value;
    if (oldest) this.remove(oldest[0], oldest[1].user.id);
  }
}
