import { and, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DatabaseHandle } from '../client.js';
import { communities, type NewCommunityRow } from '../schema/communities.js';
import { type CommunitySeed, parseCommunitySeed, readCommunitySeed } from './community-seed-file.js';
import { communityColumns, type CommunityColumn } from '../../modules/communities/community-columns.js';
import { toCommunityValues } from '../../modules/communities/community-row.js';

export interface SeedOutcome {
  inserted: number;
  updated: number;
  /** Entries left alone: already at this version, edited by an admin, deleted, or older than the row. */
  skipped: number;
}

const seedColumns = communityColumns;
type SeedColumn = CommunityColumn;
type SeedRow = Pick<NewCommunityRow, SeedColumn>;

/** Facts the Reddit refresh measures itself; on its rows ('reddit_api') the seed leaves them alone. */
export const redditMeasuredColumns = new Set<SeedColumn>([
  'name',
  'displayName',
  'description',
  'members',
  'engagementRate',
  'averageUpvotes',
  'growthTrend',
  // The refresh job reads the live rules from Reddit; they are fresher than any curated copy.
  'titleRules',
  'contentRules',
]);

/**
 * Loads the curated seed (communities.seed.json): inserts the communities the table lacks and, when the
 * file's version is newer than the one a row holds, refreshes the rows the seed owns. Rows an admin
 * edited or deleted are never touched; a second run with the same file changes nothing.
 */
export async function seedCommunities(
  database: DatabaseHandle,
  options: { seed?: unknown } = {},
): Promise<SeedOutcome> {
  // Everything is validated before the database is touched, so a bad entry stops start-up by name.
  const seed = options.seed === undefined ? await readCommunitySeed() : parseCommunitySeed(options.seed);
  const rows: Required<SeedRow>[] = seed.communities.map(toCommunityValues);

  // Two statements in one short transaction: PGlite has a single connection that requests also need.
  return database.db.transaction(async (tx) => {
    const updated = await tx
      .update(communities)
      .set(updateSet(seed))
      .from(sql`jsonb_to_recordset(${JSON.stringify(rows.map(toRecord))}::jsonb) as s(${recordDefinition})`)
      .where(
        and(
          sql`lower(${communities.name}) = lower(s.name)`,
          inArray(communities.source, ['seed', 'reddit_api']),
          isNull(communities.deletedAt),
          or(isNull(communities.seedVersion), lt(communities.seedVersion, seed.version)),
        ),
      )
      .returning({ id: communities.id });
    // Any existing name (admin, deleted or just updated) conflicts on lower(name) and is skipped.
    const inserted = await tx
      .insert(communities)
      .values(
        rows.map((row) => ({
          ...row,
          source: 'seed' as const,
          lastVerifiedAt: seed.curatedAt,
          seedVersion: seed.version,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: communities.id });
    return {
      inserted: inserted.length,
      updated: updated.length,
      skipped: rows.length - inserted.length - updated.length,
    };
  });
}

// The seed travels as one jsonb parameter whose record type mirrors the table's columns.
const recordDefinition = sql.raw(
  seedColumns.map((key) => `"${communities[key].name}" ${communities[key].getSQLType()}`).join(', '),
);

function toRecord(row: SeedRow): Record<string, unknown> {
  return Object.fromEntries(seedColumns.map((key) => [communities[key].name, row[key] ?? null]));
}

function updateSet(seed: CommunitySeed): PgUpdateSetSource<typeof communities> {
  const fromSeed = (key: SeedColumn) => sql`s.${sql.identifier(communities[key].name)}`;
  const set: PgUpdateSetSource<typeof communities> = {};
  for (const key of seedColumns) {
    set[key] = redditMeasuredColumns.has(key)
      ? sql`case when ${communities.source} = 'seed' then ${fromSeed(key)} else ${communities[key]} end`
      : fromSeed(key);
  }
  set.lastVerifiedAt = sql`case when ${communities.source} = 'seed' then ${seed.curatedAt.toISOString()}::timestamptz else ${communities.lastVerifiedAt} end`;
  set.seedVersion = seed.version;
  return set;
}
