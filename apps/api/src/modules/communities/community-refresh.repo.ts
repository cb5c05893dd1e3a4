import { and, asc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { communities } from '../../db/schema/communities.js';
import type { RedditFacts } from './community-facts-from-reddit.js';

export interface CommunityToRefresh {
  id: string;
  name: string;
  missingSince: Date | null;
}

/**
 * The next batch (by id) of communities not deleted. Without names, rows verified since `verifiedBefore`
 * are skipped, so a retried run continues where the interrupted one stopped.
 */
export function listCommunitiesToRefresh(
  db: Database,
  {
    after,
    verifiedBefore,
    names,
    limit,
  }: { after?: string; verifiedBefore: Date; names?: string[]; limit: number },
): Promise<CommunityToRefresh[]> {
  const conditions: (SQL | undefined)[] = [
    isNull(communities.deletedAt),
    after ? gt(communities.id, after) : undefined,
  ];
  if (names) {
    conditions.push(
      inArray(
        sql`lower(${communities.name})`,
        names.map((name) => name.toLowerCase()),
      ),
    );
  } else {
    conditions.push(or(isNull(communities.lastVerifiedAt), lt(communities.lastVerifiedAt, verifiedBefore)));
  }
  return db
    .select({ id: communities.id, name: communities.name, missingSince: communities.missingSince })
    .from(communities)
    .where(and(...conditions))
    .orderBy(asc(communities.id))
    .limit(limit);
}

// An admin's text wins over Reddit's, as it does over the seed's; measured figures are Reddit's everywhere.
const notAdmin = sql`${communities.source} <> 'admin'`;
const unlessAdmin = (column: typeof communities.description | typeof communities.name, value: string) =>
  sql`case when ${notAdmin} then ${value} else ${column} end`;
const rulesUnlessAdmin = (
  column: typeof communities.titleRules | typeof communities.contentRules,
  rules: string[],
) => sql`case when ${notAdmin} then ${sql.param(rules, column)}::text[] else ${column} end`;

/**
 * Which of the row's facts Reddit supplied this time (the page marks them "from Reddit, checked …"):
 * an admin's description and rules stay hers, so they are not Reddit's.
 */
function redditFieldsOf(facts: RedditFacts) {
  const always = ['over18', ...(facts.members !== undefined ? ['members'] : [])];
  const unlessAdminRow = [
    ...(facts.description !== undefined ? ['description'] : []),
    ...(facts.titleRules ? ['titleRules'] : []),
    ...(facts.contentRules ? ['contentRules'] : []),
  ];
  const all = sql.param([...always, ...unlessAdminRow], communities.redditFields);
  return sql`case when ${notAdmin} then ${all}::text[] else ${sql.param(always, communities.redditFields)}::text[] end`;
}

/**
 * Writes what Reddit said in one statement (no read-modify-write, so a concurrent admin edit is not
 * overwritten with stale values). Fields Reddit did not give are left as they are. Seed rows become
 * Reddit's ('reddit_api'), so the seed loader stops rewriting the measured figures.
 */
export async function applyRedditFacts(
  db: Database,
  id: string,
  facts: RedditFacts,
  now: Date,
): Promise<boolean> {
  const set: PgUpdateSetSource<typeof communities> = {
    // Reddit's spelling of the name, when it is only a matter of case (the unique index is on lower(name)).
    name: sql`case when ${notAdmin} and lower(${communities.name}) = lower(${facts.name}) then ${facts.name} else ${communities.name} end`,
    source: sql`case when ${communities.source} = 'seed' then 'reddit_api' else ${communities.source} end`,
    lastVerifiedAt: now,
    missingSince: null,
    updatedAt: now,
  };
  if (facts.members !== undefined) set.members = facts.members;
  set.over18 = facts.over18;
  if (facts.description !== undefined)
    set.description = unlessAdmin(communities.description, facts.description);
  if (facts.titleRules) set.titleRules = rulesUnlessAdmin(communities.titleRules, facts.titleRules);
  if (facts.contentRules) set.contentRules = rulesUnlessAdmin(communities.contentRules, facts.contentRules);
  set.redditFields = redditFieldsOf(facts);
  const updated = await db
    .update(communities)
    .set(set)
    .where(and(eq(communities.id, id), isNull(communities.deletedAt)))
    .returning({ id: communities.id });
  return updated.length > 0;
}

/** Marks the community missing since now unless it already was; nothing else changes. */
export async function markCommunityMissing(db: Database, id: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(communities)
    .set({ missingSince: now, updatedAt: now })
    .where(and(eq(communities.id, id), isNull(communities.deletedAt), isNull(communities.missingSince)))
    .returning({ id: communities.id });
  return updated.length > 0;
}
