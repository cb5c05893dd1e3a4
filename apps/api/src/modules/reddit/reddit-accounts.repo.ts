import { and, asc, count, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  redditAccounts,
  redditLinkStates,
  type NewRedditAccountRow,
  type RedditAccountRow,
} from '../../db/schema/index.js';

export function listAccounts(db: Database, userId: string): Promise<RedditAccountRow[]> {
  return db
    .select()
    .from(redditAccounts)
    .where(eq(redditAccounts.userId, userId))
    .orderBy(asc(redditAccounts.createdAt));
}

export async function countAccounts(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(redditAccounts)
    .where(eq(redditAccounts.userId, userId));
  return row?.value ?? 0;
}

export async function findOwnAccount(
  db: Database,
  userId: string,
  id: string,
): Promise<RedditAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(redditAccounts)
    .where(and(eq(redditAccounts.id, id), eq(redditAccounts.userId, userId)));
  return row;
}

export async function findAccountById(db: Database, id: string): Promise<RedditAccountRow | undefined> {
  const [row] = await db.select().from(redditAccounts).where(eq(redditAccounts.id, id));
  return row;
}

export async function deleteOwnAccount(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(redditAccounts)
    .where(and(eq(redditAccounts.id, id), eq(redditAccounts.userId, userId)))
    .returning({ id: redditAccounts.id });
  return rows.length > 0;
}

/** Links the Reddit account, or renews the link (new token, name, karma) when it is already there. */
export async function upsertAccount(db: Database, row: NewRedditAccountRow): Promise<RedditAccountRow> {
  const [saved] = await db
    .insert(redditAccounts)
    .values(row)
    .onConflictDoUpdate({
      target: [redditAccounts.userId, redditAccounts.redditUserId],
      set: {
        username: row.username,
        refreshTokenEncrypted: row.refreshTokenEncrypted,
        scope: row.scope,
        linkKarma: row.linkKarma,
        commentKarma: row.commentKarma,
        redditCreatedAt: row.redditCreatedAt,
        updatedAt: new Date(),
      },
    })
    .returning();
  return saved!;
}

export async function updateAccountFacts(
  db: Database,
  id: string,
  facts: Pick<RedditAccountRow, 'linkKarma' | 'commentKarma' | 'redditCreatedAt'>,
) {
  await db.update(redditAccounts).set(facts).where(eq(redditAccounts.id, id));
}

export async function updateRefreshToken(db: Database, id: string, refreshTokenEncrypted: string) {
  await db.update(redditAccounts).set({ refreshTokenEncrypted }).where(eq(redditAccounts.id, id));
}

export async function saveLinkState(
  db: Database,
  state: { stateHash: string; userId: string; sessionId: string; expiresAt: Date },
) {
  // Old, unused states go at the same time: nothing else cleans them.
  await db.delete(redditLinkStates).where(lt(redditLinkStates.expiresAt, new Date()));
  await db.insert(redditLinkStates).values(state);
}

/** Reads and deletes the state in one statement: each state works for one callback only. */
export async function takeLinkState(db: Database, stateHash: string) {
  const [row] = await db
    .delete(redditLinkStates)
    .where(eq(redditLinkStates.stateHash, stateHash))
    .returning();
  return row;
}
