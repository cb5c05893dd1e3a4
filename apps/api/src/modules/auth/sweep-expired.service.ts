import type { Database } from '../../db/client.js';
import { deleteExpiredAnswers } from '../ai/ai-cache.js';
import { deleteExpiredAuthRows } from './expired-auth-rows.repo.js';

/**
 * Rows whose time is over and that nothing reads again (expired sessions and access tokens, old
 * one-time links, expired AI answers), so those tables do not grow without end. Most are auth's;
 * the AI answers are asked of the AI module, which owns their table.
 */
export async function sweepExpiredRows(db: Database, now: Date) {
  const auth = await deleteExpiredAuthRows(db, now);
  return { ...auth, aiAnswers: await deleteExpiredAnswers(db, now) };
}
