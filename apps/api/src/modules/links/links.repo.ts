import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { clickDedupeMinutes } from '@app/shared/links';
import type { Database } from '../../db/client.js';
import { linkClicks, linkCodes, trackedLinks, type TrackedLinkRow } from '../../db/schema/index.js';

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 8 characters of a 57-letter alphabet (no look-alikes): about 2^46 codes, unguessable enough to list none. */
export function newCode(): string {
  const bytes = randomBytes(8);
  return [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
}

export async function insertLink(db: Database, userId: string, label: string, targetUrl: string) {
  return db.transaction(async (tx) => {
    const [link] = await tx.insert(trackedLinks).values({ userId, label, targetUrl }).returning();
    const code = newCode();
    await tx.insert(linkCodes).values({ code, linkId: link!.id });
    return { link: link!, code };
  });
}

export async function countOwnLinks(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(trackedLinks)
    .where(and(eq(trackedLinks.userId, userId), isNull(trackedLinks.deletedAt)));
  return row?.n ?? 0;
}

export interface LinkWithStats extends TrackedLinkRow {
  code: string;
  visitors: number;
  bots: number;
  bySubreddit: { subreddit: string; posts: number; visitors: number; bots: number }[];
}

export async function listOwnLinks(db: Database, userId: string, onlyId?: string): Promise<LinkWithStats[]> {
  const links = await db
    .select({
      link: trackedLinks,
      // Qualified by hand: drizzle writes bare column names inside a raw subquery.
      code: sql<string>`(select lc.code from link_codes lc where lc.link_id = "tracked_links"."id" and lc.post_id is null and lc.subreddit is null order by lc.created_at limit 1)`,
    })
    .from(trackedLinks)
    .where(
      and(
        eq(trackedLinks.userId, userId),
        isNull(trackedLinks.deletedAt),
        onlyId ? eq(trackedLinks.id, onlyId) : undefined,
      ),
    )
    .orderBy(desc(trackedLinks.createdAt));
  if (links.length === 0) return [];
  const ids = links.map((row) => row.link.id);
  const stats = await db
    .select({
      linkId: linkClicks.linkId,
      subreddit: linkClicks.subreddit,
      visitors: sql<number>`count(*) filter (where ${linkClicks.counted} and not ${linkClicks.bot})::int`,
      bots: sql<number>`coalesce(sum(${linkClicks.hits}) filter (where ${linkClicks.bot}), 0)::int`,
    })
    .from(linkClicks)
    .where(sql`${linkClicks.linkId} in ${ids}`)
    .groupBy(linkClicks.linkId, linkClicks.subreddit);
  const posts = await db
    .select({ linkId: linkCodes.linkId, subreddit: linkCodes.subreddit, posts: sql<number>`count(*)::int` })
    .from(linkCodes)
    .where(and(sql`${linkCodes.linkId} in ${ids}`, sql`${linkCodes.subreddit} is not null`))
    .groupBy(linkCodes.linkId, linkCodes.subreddit);
  return links.map(({ link, code }) => {
    const mine = stats.filter((row) => row.linkId === link.id);
    const subreddits = new Map<
      string,
      { subreddit: string; posts: number; visitors: number; bots: number }
    >();
    for (const row of posts.filter((p) => p.linkId === link.id))
      subreddits.set(row.subreddit!, { subreddit: row.subreddit!, posts: row.posts, visitors: 0, bots: 0 });
    for (const row of mine) {
      if (!row.subreddit) continue;
      const entry = subreddits.get(row.subreddit) ?? {
        subreddit: row.subreddit,
        posts: 0,
        visitors: 0,
        bots: 0,
      };
      entry.visitors += row.visitors;
      entry.bots += row.bots;
      subreddits.set(row.subreddit, entry);
    }
    return {
      ...link,
      code,
      visitors: mine.reduce((sum, row) => sum + row.visitors, 0),
      bots: mine.reduce((sum, row) => sum + row.bots, 0),
      bySubreddit: [...subreddits.values()].sort((a, b) => b.visitors - a.visitors || b.posts - a.posts),
    };
  });
}

export async function softDeleteOwnLink(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(trackedLinks)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(trackedLinks.id, id), eq(trackedLinks.userId, userId), isNull(trackedLinks.deletedAt)))
    .returning({ id: trackedLinks.id });
  return rows.length > 0;
}

/** Where a code leads, for the redirect: nothing for an unknown code or a deleted link. */
export async function resolveCode(db: Database, code: string) {
  const [row] = await db
    .select({
      linkId: linkCodes.linkId,
      postId: linkCodes.postId,
      subreddit: linkCodes.subreddit,
      targetUrl: trackedLinks.targetUrl,
    })
    .from(linkCodes)
    .innerJoin(trackedLinks, eq(trackedLinks.id, linkCodes.linkId))
    .where(and(eq(linkCodes.code, code), isNull(trackedLinks.deletedAt)));
  return row;
}

/** The user's live links with these codes (to give a post its own variants). */
export async function ownLinksByCode(db: Database, userId: string, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ code: linkCodes.code, linkId: linkCodes.linkId })
    .from(linkCodes)
    .innerJoin(trackedLinks, eq(trackedLinks.id, linkCodes.linkId))
    .where(
      and(
        eq(trackedLinks.userId, userId),
        isNull(trackedLinks.deletedAt),
        sql`${linkCodes.code} in ${codes}`,
        isNull(linkCodes.postId),
      ),
    );
}

export interface ClickRow {
  linkId: string;
  code: string;
  postId: string | null;
  subreddit: string | null;
  referrerHost: string | null;
  clientHash: string;
  bot: boolean;
  occurredAt: Date;
}

/** Clicks of one client on one code from one referrer, written as one row (`hits` of them). */
interface FoldedClick extends ClickRow {
  hits: number;
  /** The client already clicked this link earlier in the group (through another code or referrer). */
  repeat: boolean;
}

/**
 * Folds a group's clicks: repeats of the same client on the same code and referrer become one row
 * counting `hits` (the client's hash covers its user agent, so a bot's repeats stay a bot's). A
 * client hammering a link thus adds one row per group write, however fast it clicks.
 */
export function foldClicks(clicks: ClickRow[]): FoldedClick[] {
  const folded = new Map<string, FoldedClick>();
  const seenOnLink = new Set<string>();
  for (const click of clicks) {
    const key = `${click.code}\0${click.clientHash}\0${click.referrerHost ?? ''}`;
    const row = folded.get(key);
    if (row) {
      row.hits += 1;
      continue;
    }
    const visitor = `${click.linkId}\0${click.clientHash}`;
    const repeat = !click.bot && seenOnLink.has(visitor);
    if (!click.bot) seenOnLink.add(visitor);
    folded.set(key, { ...click, hits: 1, repeat });
  }
  return [...folded.values()];
}

/**
 * One statement for a group of clicks: each row counts unless the same visitor clicked the same link
 * in the last 30 minutes (an earlier row, or an earlier click of this group).
 */
export async function insertClicks(db: Database, clicks: ClickRow[]): Promise<void> {
  if (clicks.length === 0) return;
  const rows = foldClicks(clicks);
  // Ten array parameters, whatever the batch size: a statement of 500 rows costs no more to build
  // than one of 5 (a VALUES list of 4,500 parameters did, and slowed every redirect behind it).
  const column = (pick: (row: FoldedClick) => string | boolean | number | null) => pgArray(rows.map(pick));
  await db.execute(sql`
    insert into ${linkClicks} (link_id, code, post_id, subreddit, occurred_at, referrer_host, client_hash, bot, counted, hits)
    select v.link_id, v.code, v.post_id, v.subreddit, v.occurred_at, v.referrer_host, v.client_hash, v.bot,
      not v.repeat and not v.bot and not exists (
        select 1 from ${linkClicks} c
        where c.link_id = v.link_id and c.client_hash = v.client_hash and c.counted
          and c.occurred_at > v.occurred_at - make_interval(mins => ${clickDedupeMinutes})
      ),
      v.hits
    from unnest(
      ${column((row) => row.linkId)}::uuid[],
      ${column((row) => row.code)}::text[],
      ${column((row) => row.postId)}::uuid[],
      ${column((row) => row.subreddit)}::text[],
      ${column((row) => row.occurredAt.toISOString())}::timestamptz[],
      ${column((row) => row.referrerHost)}::text[],
      ${column((row) => row.clientHash)}::text[],
      ${column((row) => row.bot)}::boolean[],
      ${column((row) => row.repeat)}::boolean[],
      ${column((row) => row.hits)}::int[]
    ) as v(link_id, code, post_id, subreddit, occurred_at, referrer_host, client_hash, bot, repeat, hits)
  `);
}

/** A PostgreSQL array literal, every element quoted (so commas, braces and quotes are plain text). */
export function pgArray(values: ReadonlyArray<string | boolean | number | null>): string {
  const element = (value: string | boolean | number | null) =>
    value === null ? 'NULL' : `"${String(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  return `{${values.map(element).join(',')}}`;
}
