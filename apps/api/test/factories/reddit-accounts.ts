import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/client.js';
import { redditAccounts } from '../../src/db/schema/index.js';

type NewRedditAccount = typeof redditAccounts.$inferInsert;

/**
 * A linked Reddit account as a row. Its refresh token is not really encrypted: use it where no
 * call to Reddit is made; tests that post link through the Reddit stand-in (connectAccount).
 */
export async function newRedditAccount(
  db: Database,
  values: Pick<NewRedditAccount, 'userId'> & Partial<NewRedditAccount>,
) {
  const suffix = randomUUID().slice(0, 6);
  const [row] = await db
    .insert(redditAccounts)
    .values({
      redditUserId: `t2_${suffix}`,
      username: `u_${suffix}`,
      refreshTokenEncrypted: `enc-${randomUUID()}`,
      ...values,
    })
    .returning();
  return row!;
}
