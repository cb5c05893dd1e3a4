import type { DatabaseHandle } from '../../db/client.js';
import { SessionCache } from './session-cache.js';

const maxEntries = 50_000;

/**
 * A session cache kept true by the database: migration 0013's triggers announce every change to a
 * user or a session on `auth_changed` with the user's id, and each process forgets that user.
 */
export async function startSessionCache(database: DatabaseHandle, ttlMs: number) {
  const cache = new SessionCache({ ttlMs, maxEntries });
  if (ttlMs <= 0) return { cache, stop: async () => {} };
  const stop = await database.listen('auth_changed', {
    notify: (userId) => cache.forgetUser(userId),
    lost: () => cache.suspend(),
    listening: () => cache.resume(),
  });
  return { cache, stop };
}
