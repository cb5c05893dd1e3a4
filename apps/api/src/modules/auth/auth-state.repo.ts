import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { authState } from '../../db/schema/index.js';

export async function readAuthState(db: Database, key: string): Promise<string | null> {
  const [row] = await db
    .select({ value: authState.value })
    .from(authState)
    .where(eq(authState.key, key))
    .limit(1);
  return row?.value ?? null;
}

export async function writeAuthState(db: Database, key: string, value: string): Promise<void> {
  await db
    .insert(authState)
    .values({ key, value })
    .onConflictDoUpdate({ target: authState.key, set: { value, updatedAt: new Date() } });
}

/** The stored value, or `candidate` stored now; when two processes race, both end up with the first one written. */
export async function readOrCreateAuthState(db: Database, key: string, candidate: string): Promise<string> {
  await db.insert(authState).values({ key, value: candidate }).onConflictDoNothing({ target: authState.key });
  return (await readAuthState(db, key))!;
}
