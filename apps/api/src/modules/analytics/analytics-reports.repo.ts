import { and, eq, gte, lt, sql, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { analyticsEvents, contentGenerations, scheduledPosts } from '../../db/schema/index.js';

/** [start, end) in UTC: the first day's midnight up to tomorrow's. */
export interface Window {
  start: Date;
  end: Date;
}

// Every figure is an aggregate in SQL; only grouped rows (at most one per day, page, hour…) reach JS.

const dayOf = (column: SQLWrapper) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
const countAll = sql<number>`count(*)::int`;
const inWindow = (column: AnyPgColumn, w: Window) => and(gte(column, w.start), lt(column, w.end));
// Ingestion validates the per-kind data, but a non-number must never turn a report into a 500.
const numberField = (field: string) =>
  sql`case when jsonb_typeof(${analyticsEvents.data} -> ${field}) = 'number' then (${analyticsEvents.data} ->> ${field})::float8 end`;
const averageTimeOnPage = sql<number | null>`avg(${numberField('timeOnPage')})::float8`;

/** When a post's outcome happened: the send time, or the last attempt of a failed one. */
const postTime = sql`(case when ${scheduledPosts.status} = 'sent' then ${scheduledPosts.sentAt} else coalesce(${scheduledPosts.lastAttemptAt}, ${scheduledPosts.scheduledAt}) end)`;
const sentCount = sql<number>`(count(*) filter (where ${scheduledPosts.status} = 'sent'))::int`;
const failedCount = sql<number>`(count(*) filter (where ${scheduledPosts.status} = 'failed'))::int`;
const postsInWindow = (userId: string, w: Window) =>
  and(
    eq(scheduledPosts.userId, userId),
    sql`${scheduledPosts.status} in ('sent', 'failed')`,
    sql`${postTime} >= ${w.start.toISOString()}::timestamptz and ${postTime} < ${w.end.toISOString()}::timestamptz`,
  );

const userEvents = (userId: string, type: 'page_view' | 'page_end', w: Window) =>
  and(
    eq(analyticsEvents.userId, userId),
    eq(analyticsEvents.type, type),
    inWindow(analyticsEvents.occurredAt, w),
  );

export async function userPageViewsPerDay(db: Database, userId: string, w: Window) {
  const day = dayOf(analyticsEvents.occurredAt);
  return db
    .select({ date: day, count: countAll })
    .from(analyticsEvents)
    .where(userEvents(userId, 'page_view', w))
    .groupBy(day);
}

export async function userTopPages(db: Database, userId: string, w: Window, limit: number) {
  return db
    .select({ page: sql<string>`coalesce(${analyticsEvents.page}, '')`, views: countAll })
    .from(analyticsEvents)
    .where(userEvents(userId, 'page_view', w))
    .groupBy(analyticsEvents.page)
    .orderBy(sql`count(*) desc`, analyticsEvents.page)
    .limit(limit);
}

export async function userAverageTimeOnPage(db: Database, userId: string, w: Window) {
  const [row] = await db
    .select({ value: averageTimeOnPage })
    .from(analyticsEvents)
    .where(userEvents(userId, 'page_end', w));
  return row?.value ?? null;
}

export async function userPageViewsPerHour(db: Database, userId: string, w: Window) {
  const hour = sql<number>`extract(hour from ${analyticsEvents.occurredAt} at time zone 'UTC')::int`;
  return db
    .select({ hour, count: countAll })
    .from(analyticsEvents)
    .where(userEvents(userId, 'page_view', w))
    .groupBy(hour);
}

const userGenerations = (userId: string, w: Window) =>
  and(eq(contentGenerations.userId, userId), inWindow(contentGenerations.createdAt, w));

export async function userGenerationsPerDay(db: Database, userId: string, w: Window) {
  const day = dayOf(contentGenerations.createdAt);
  return db
    .select({ date: day, count: countAll })
    .from(contentGenerations)
    .where(userGenerations(userId, w))
    .groupBy(day);
}

export async function userGenerationsPerPlatform(db: Database, userId: string, w: Window) {
  return db
    .select({ platform: contentGenerations.platform, count: countAll })
    .from(contentGenerations)
    .where(userGenerations(userId, w))
    .groupBy(contentGenerations.platform)
    .orderBy(sql`count(*) desc`, contentGenerations.platform);
}

export async function userPostsPerDay(db: Database, userId: string, w: Window) {
  const day = dayOf(postTime);
  return db
    .select({ date: day, sent: sentCount, failed: failedCount })
    .from(scheduledPosts)
    .where(postsInWindow(userId, w))
    .groupBy(day);
}

export async function userPostsPerSubreddit(db: Database, userId: string, w: Window) {
  return db
    .select({ subreddit: scheduledPosts.subreddit, sent: sentCount, failed: failedCount })
    .from(scheduledPosts)
    .where(postsInWindow(userId, w))
    .groupBy(scheduledPosts.subreddit)
    .orderBy(sql`count(*) desc`, scheduledPosts.subreddit);
}

/** Sent and failed per subreddit and ISO week (Monday, UTC). */
export async function userPostsPerSubredditWeek(db: Database, userId: string, w: Window) {
  const week = sql<string>`to_char(date_trunc('week', ${postTime} at time zone 'UTC'), 'YYYY-MM-DD')`;
  return db
    .select({ subreddit: scheduledPosts.subreddit, week, sent: sentCount, failed: failedCount })
    .from(scheduledPosts)
    .where(postsInWindow(userId, w))
    .groupBy(scheduledPosts.subreddit, week);
}

export async function userPostsPerHour(db: Database, userId: string, w: Window) {
  const hour = sql<number>`extract(hour from ${postTime} at time zone 'UTC')::int`;
  return db
    .select({ hour, sent: sentCount, failed: failedCount })
    .from(scheduledPosts)
    .where(postsInWindow(userId, w))
    .groupBy(hour);
}

// Site-wide (admins).

const siteEvents = (w: Window, type?: 'page_view' | 'page_end') =>
  type
    ? and(eq(analyticsEvents.type, type), inWindow(analyticsEvents.occurredAt, w))
    : inWindow(analyticsEvents.occurredAt, w);

/** Per day: distinct visitor hashes, distinct sessions and page views. */
export async function sitePerDay(db: Database, w: Window) {
  const day = dayOf(analyticsEvents.occurredAt);
  return db
    .select({
      date: day,
      visitors: sql<number>`count(distinct ${analyticsEvents.visitorHash})::int`,
      sessions: sql<number>`count(distinct ${analyticsEvents.sessionId})::int`,
      pageViews: sql<number>`(count(*) filter (where ${analyticsEvents.type} = 'page_view'))::int`,
    })
    .from(analyticsEvents)
    .where(siteEvents(w))
    .groupBy(day);
}

export async function siteSessions(db: Database, w: Window) {
  const [row] = await db
    .select({ value: sql<number>`count(distinct ${analyticsEvents.sessionId})::int` })
    .from(analyticsEvents)
    .where(siteEvents(w));
  return row?.value ?? 0;
}

export async function siteTopPages(db: Database, w: Window, limit: number) {
  return db
    .select({ page: sql<string>`coalesce(${analyticsEvents.page}, '')`, views: countAll })
    .from(analyticsEvents)
    .where(siteEvents(w, 'page_view'))
    .groupBy(analyticsEvents.page)
    .orderBy(sql`count(*) desc`, analyticsEvents.page)
    .limit(limit);
}

/** Referring hostnames (lower case, without a port) by distinct sessions, the site's own hosts left out. */
export async function siteReferrers(db: Database, w: Window, ownHosts: string[], limit: number) {
  const host = sql<string>`lower(substring(${analyticsEvents.referrer} from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/@?#]*@)?([^/:?#]+)'))`;
  const own = ownHosts.length
    ? sql`and ${host} not in (${sql.join(
        ownHosts.map((h) => sql`${h}`),
        sql`, `,
      )})`
    : sql``;
  return db
    .select({ host, sessions: sql<number>`count(distinct ${analyticsEvents.sessionId})::int` })
    .from(analyticsEvents)
    .where(and(siteEvents(w, 'page_view'), sql`${host} is not null and ${host} <> '' ${own}`))
    .groupBy(host)
    .orderBy(sql`count(distinct ${analyticsEvents.sessionId}) desc`, host)
    .limit(limit);
}

export async function sitePageEnds(db: Database, w: Window, depths: readonly number[]) {
  const depth = numberField('scrollDepth');
  const [row] = await db
    .select({
      pageEnds: countAll,
      averageTimeOnPage,
      ...Object.fromEntries(
        depths.map((d) => [`d${d}`, sql<number>`(count(*) filter (where ${depth} >= ${d}))::int`]),
      ),
    })
    .from(analyticsEvents)
    .where(siteEvents(w, 'page_end'));
  const reached = depths.map((d) => Number((row as Record<string, unknown> | undefined)?.[`d${d}`] ?? 0));
  return { pageEnds: row?.pageEnds ?? 0, averageTimeOnPage: row?.averageTimeOnPage ?? null, reached };
}

/**
 * The funnel (docs/analytics.md): sessions with a page view of a landing page; the accounts that
 * signed up in the range (counted by account: a visitor often lands in one tab and signs up or
 * verifies in another, so linking by session counted nobody); of those, the accounts with a
 * content generation in the range. Accounts without a signup source (admins made by the
 * bootstrap, seeds) did not sign up.
 */
export async function siteFunnel(db: Database, w: Window, landingPages: readonly string[]) {
  const start = w.start.toISOString();
  const end = w.end.toISOString();
  const pages = sql.join(
    landingPages.map((p) => sql`${p}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with landing as (
      select distinct session_id from analytics_events
      where type = 'page_view' and page in (${pages})
        and occurred_at >= ${start}::timestamptz and occurred_at < ${end}::timestamptz
    ), new_users as (
      select u.id as user_id from users u
      where u.signup_source is not null
        and u.created_at >= ${start}::timestamptz and u.created_at < ${end}::timestamptz
    )
    select
      (select count(*) from landing)::int as landing,
      (select count(*) from new_users)::int as signup,
      (select count(*) from new_users n where exists (
        select 1 from content_generations g
        where g.user_id = n.user_id and g.created_at >= ${start}::timestamptz and g.created_at < ${end}::timestamptz
      ))::int as first_generation
  `);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  return {
    landing: Number(row.landing ?? 0),
    signup: Number(row.signup ?? 0),
    firstGeneration: Number(row.first_generation ?? 0),
  };
}
