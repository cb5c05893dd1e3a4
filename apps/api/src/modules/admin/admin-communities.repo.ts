import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CommunityInput } from '@app/shared/communities';
import type { Database } from '../../db/client.js';
import { communities, type CommunityRow } from '../../db/schema/index.js';
import { toCommunityValues } from '../communities/community-row.js';

const lowerName = sql<string>`lower(${communities.name})`;

/**
 * Rows written by admins are marked so, and an admin writing a deleted row brings it back. What an
 * admin writes is curated: nothing is "from Reddit" until the next refresh says so again.
 */
const adminValues = (input: CommunityInput) => ({
  ...toCommunityValues(input),
  source: 'admin' as const,
  redditFields: [],
  deletedAt: null,
});

export async function findActiveCommunity(db: Database, id: string): Promise<CommunityRow | undefined> {
  const [row] = await db
    .select()
    .from(communities)
    .where(and(eq(communities.id, id), isNull(communities.deletedAt)));
  return row;
}

/** Deleted ones included: the unique name index covers them too. */
export function findCommunitiesByNames(db: Database, names: string[]): Promise<CommunityRow[]> {
  if (names.length === 0) return Promise.resolve([]);
  const lowered = names.map((name) => name.toLowerCase());
  return db.select().from(communities).where(inArray(lowerName, lowered));
}

export async function insertCommunity(db: Database, input: CommunityInput): Promise<CommunityRow> {
  const [row] = await db.insert(communities).values(adminValues(input)).returning();
  return row!;
}

export async function updateCommunity(
  db: Database,
  id: string,
  input: CommunityInput,
): Promise<CommunityRow> {
  const [row] = await db
    .update(communities)
    .set(adminValues(input))
    .where(eq(communities.id, id))
    .returning();
  return row!;
}

export async function softDeleteCommunity(db: Database, id: string): Promise<boolean> {
  const deleted = await db
    .update(communities)
    .set({ deletedAt: new Date() })
    .where(and(eq(communities.id, id), isNull(communities.deletedAt)))
    .returning({ id: communities.id });
  return deleted.length > 0;
}

/** Inserts new names and overwrites existing ones (by lower(name)) in one transaction. */
export async function upsertCommunities(db: Database, inputs: CommunityInput[]) {
  return db.transaction(async (tx) => {
    const existing = new Map(
      (
        await findCommunitiesByNames(
          tx,
          inputs.map((input) => input.name),
        )
      ).map((row) => [row.name.toLowerCase(), row]),
    );
    const fresh = inputs.filter((input) => !existing.has(input.name.toLowerCase()));
    if (fresh.length > 0) await tx.insert(communities).values(fresh.map(adminValues));
    for (const input of inputs) {
      const row = existing.get(input.name.toLowerCase());
      if (row) await tx.update(communities).set(adminValues(input)).where(eq(communities.id, row.id));
    }
    return { inserted: fresh.length, updated: inputs.length - fresh.length };
  });
}
