import { describe, expect, it } from 'vitest';
import { analyticsReportTexts } from '@app/shared/analytics-reports';
import { errorCodes } from '@app/shared/errors';
import type { Database } from '../../db/client.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newAnalyticsEvents } from '../../../test/factories/analytics.js';
import { newGeneration } from '../../../test/factories/content.js';
import { newScheduledPost } from '../../../test/factories/posts.js';
import { newUser } from '../../../test/factories/users.js';
import { signedInClient } from '../../../test/test-client.js';

const dayMs = 86_400_000;
const todayMidnight = (() => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
})();
/** `days` UTC days before today, at `hour`:`minute`. */
const at = (days: number, hour: number, minute = 0) =>
  new Date(todayMidnight - days * dayMs + (hour * 60 + minute) * 60_000);
const dayText = (days: number) => new Date(todayMidnight - days * dayMs).toISOString().slice(0, 10);

const insertPost = (
  db: Database,
  userId: string,
  subreddit: string,
  status: 'sent' | 'failed' | 'pending',
  when: Date,
) =>
  newScheduledPost(db, {
    userId,
    subreddit,
    titleFinal: 'A title',
    status,
    scheduledAt: new Date(when.getTime() - 60_000),
    sentAt: status === 'sent' ? when : null,
    lastAttemptAt: status === 'pending' ? null : when,
  });

const insertGeneration = (db: Database, userId: string, platform: 'reddit' | 'instagram', when: Date) =>
  newGeneration(db, { userId, platform, content: 'caption', createdAt: when });

describe.each(testDatabaseKinds())('user analytics report (%s)', (kind) => {
  const testApp = useTestApp(kind);
  const clientFor = testApp.signedIn;

  it("reports exactly the signed-in user's own figures, per UTC day with empty days as 0", async () => {
    const db = testApp.db();
    const { user, client } = await clientFor({ tier: 'pro' });
    const other = await newUser(db, { tier: 'pro' });
    await newAnalyticsEvents(db, [
      { type: 'page_view', userId: user.id, page: '/dashboard', occurredAt: at(0, 1) },
      { type: 'page_view', userId: user.id, page: '/dashboard', occurredAt: at(0, 1, 30) },
      { type: 'page_view', userId: user.id, page: '/reddit', occurredAt: at(0, 2) },
      { type: 'page_view', userId: user.id, page: '/reddit', occurredAt: at(2, 2) },
      // Outside 7 days, inside 30.
      { type: 'page_view', userId: user.id, page: '/history', occurredAt: at(10, 5) },
      {
        type: 'page_end',
        userId: user.id,
        occurredAt: at(0, 1),
        data: { path: '/dashboard', timeOnPage: 10, scrollDepth: 50, exitPage: false },
      },
      {
        type: 'page_end',
        userId: user.id,
        occurredAt: at(2, 2),
        data: { path: '/reddit', timeOnPage: 25, scrollDepth: 100, exitPage: true },
      },
      // Someone else's rows, and anonymous ones, are never counted.
      { type: 'page_view', userId: other.id, page: '/dashboard', occurredAt: at(0, 1) },
      {
        type: 'page_end',
        userId: other.id,
        occurredAt: at(0, 1),
        data: { path: '/x', timeOnPage: 500, scrollDepth: 0, exitPage: true },
      },
      { type: 'page_view', userId: null, page: '/dashboard', occurredAt: at(0, 1) },
    ]);
    await insertGeneration(db, user.id, 'reddit', at(0, 3));
    await insertGeneration(db, user.id, 'reddit', at(1, 3));
    await insertGeneration(db, user.id, 'instagram', at(1, 4));
    await insertGeneration(db, user.id, 'instagram', at(20, 4));
    await insertGeneration(db, other.id, 'reddit', at(0, 3));
    await insertPost(db, user.id, 'pics', 'sent', at(0, 3));
    await insertPost(db, user.id, 'pics', 'sent', at(1, 3));
    await insertPost(db, user.id, 'pics', 'failed', at(1, 4));
    await insertPost(db, user.id, 'selfie', 'failed', at(2, 4));
    await insertPost(db, user.id, 'selfie', 'pending', at(0, 5));
    await insertPost(db, user.id, 'old', 'sent', at(40, 3));
    await insertPost(db, other.id, 'pics', 'sent', at(0, 3));

    const response = await client.inject({ method: 'GET', url: '/api/analytics/me?range=7d' });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ range: '7d', from: dayText(6), to: dayText(0), access: 'advanced' });
    expect(report.totals).toEqual({
      pageViews: 4,
      generations: 3,
      postsSent: 2,
      postsFailed: 2,
      averageTimeOnPage: 17.5,
    });
    expect(report.perDay).toHaveLength(7);
    expect(report.perDay.map((d: { date: string }) => d.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map(dayText));
    expect(report.perDay[6]).toEqual({
      date: dayText(0),
      pageViews: 3,
      generations: 1,
      postsSent: 1,
      postsFailed: 0,
    });
    expect(report.perDay[5]).toEqual({
      date: dayText(1),
      pageViews: 0,
      generations: 2,
      postsSent: 1,
      postsFailed: 1,
    });
    expect(report.perDay[4]).toEqual({
      date: dayText(2),
      pageViews: 1,
      generations: 0,
      postsSent: 0,
      postsFailed: 1,
    });
    expect(report.perDay[0]).toEqual({
      date: dayText(6),
      pageViews: 0,
      generations: 0,
      postsSent: 0,
      postsFailed: 0,
    });
    expect(report.topPages).toEqual([
      { page: '/dashboard', views: 2 },
      { page: '/reddit', views: 2 },
    ]);
    expect(report.generationsPerPlatform).toEqual([
      { platform: 'reddit', count: 2 },
      { platform: 'instagram', count: 1 },
    ]);
    expect(report.postsPerSubreddit).toEqual([
      { subreddit: 'pics', sent: 2, failed: 1 },
      { subreddit: 'selfie', sent: 0, failed: 1 },
    ]);

    const hours = report.advanced.bestHours;
    expect(hours).toHaveLength(24);
    expect(hours[3]).toEqual({ hour: 3, sent: 2, failed: 0, activity: 0 });
    expect(hours[4]).toEqual({ hour: 4, sent: 0, failed: 2, activity: 0 });
    expect(hours[1]).toEqual({ hour: 1, sent: 0, failed: 0, activity: 2 });
    expect(hours[2]).toEqual({ hour: 2, sent: 0, failed: 0, activity: 2 });
    const weeks: string[] = report.advanced.weeks;
    // Seven days touch one ISO week when today is a Sunday, else two.
    expect(weeks).toHaveLength(new Date(todayMidnight).getUTCDay() === 0 ? 1 : 2);
    const pics = report.advanced.subredditSuccess.find((s: { subreddit: string }) => s.subreddit === 'pics');
    const sumOf = (points: { sent: number; failed: number }[]) =>
      points.reduce((t, p) => ({ sent: t.sent + p.sent, failed: t.failed + p.failed }), {
        sent: 0,
        failed: 0,
      });
    expect(pics.points).toHaveLength(weeks.length);
    expect(sumOf(pics.points)).toEqual({ sent: 2, failed: 1 });
    for (const point of pics.points) {
      const total = point.sent + point.failed;
      expect(point.successRate).toBe(total ? point.sent / total : null);
    }

    const month = (await client.inject({ method: 'GET', url: '/api/analytics/me?range=30d' })).json();
    expect(month.perDay).toHaveLength(30);
    expect(month.totals).toMatchObject({ pageViews: 5, generations: 4, postsSent: 2, postsFailed: 2 });
    const quarter = (await client.inject({ method: 'GET', url: '/api/analytics/me?range=90d' })).json();
    expect(quarter.perDay).toHaveLength(90);
    expect(quarter.totals).toMatchObject({ postsSent: 3 });
    expect(quarter.postsPerSubreddit).toContainEqual({ subreddit: 'old', sent: 1, failed: 0 });
  });

  it('answers zeros and empty lists for a user without data, 30 days by default', async () => {
    const { client } = await clientFor({ tier: 'pro' });
    const report = (await client.inject({ method: 'GET', url: '/api/analytics/me' })).json();
    expect(report.range).toBe('30d');
    expect(report.totals).toEqual({
      pageViews: 0,
      generations: 0,
      postsSent: 0,
      postsFailed: 0,
      averageTimeOnPage: null,
    });
    expect(report.perDay).toHaveLength(30);
    expect(report.perDay.every((d: Record<string, unknown>) => d.pageViews === 0 && d.postsSent === 0)).toBe(
      true,
    );
    expect(report.topPages).toEqual([]);
    expect(report.generationsPerPlatform).toEqual([]);
    expect(report.postsPerSubreddit).toEqual([]);
    expect(report.advanced.subredditSuccess).toEqual([]);
    expect(report.advanced.bestHours).toHaveLength(24);
  });

  it('gives Free and Starter users basic analytics: advanced parts locked (null), 90 days refused with 403', async () => {
    for (const tier of ['free', 'starter'] as const) {
      const { user, client } = await clientFor({ tier });
      await insertPost(testApp.db(), user.id, 'pics', 'sent', at(0, 3));
      const report = (await client.inject({ method: 'GET', url: '/api/analytics/me?range=30d' })).json();
      expect(report).toMatchObject({ access: 'basic', advanced: null });
      expect(report.postsPerSubreddit).toEqual([{ subreddit: 'pics', sent: 1, failed: 0 }]);

      const quarter = await client.inject({ method: 'GET', url: '/api/analytics/me?range=90d' });
      expect(quarter.statusCode).toBe(403);
      expect(quarter.json()).toEqual({
        message: analyticsReportTexts.proOnlyRange,
        code: errorCodes.forbidden,
      });
    }
    const { client: admin } = await clientFor({ tier: 'free', isAdmin: true });
    const asAdmin = await admin.inject({ method: 'GET', url: '/api/analytics/me?range=90d' });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().access).toBe('advanced');
  });

  it('refuses an unknown range with 400 and a signed-out caller with 401', async () => {
    const { client } = await clientFor();
    for (const range of ['1y', '', '7']) {
      const response = await client.inject({ method: 'GET', url: `/api/analytics/me?range=${range}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: errorCodes.validation,
        message: expect.stringContaining('7d, 30d or 90d'),
      });
    }
    expect((await testApp.app().inject({ method: 'GET', url: '/api/analytics/me' })).statusCode).toBe(401);
  });
});

describe.each(testDatabaseKinds())('site analytics report (%s)', (kind) => {
  const testApp = useTestApp(kind, { env: { PUBLIC_URL: 'https://studio.example.com' } });
  const adminClient = async () =>
    signedInClient(testApp.app(), testApp.db(), await newUser(testApp.db(), { isAdmin: true }));

  it('is for admins only: 403 for a normal (even Pro) user, 401 signed out', async () => {
    const db = testApp.db();
    const user = await signedInClient(testApp.app(), db, await newUser(db, { tier: 'pro' }));
    const refused = await user.inject({ method: 'GET', url: '/api/admin/analytics' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(errorCodes.forbidden);
    expect((await testApp.app().inject({ method: 'GET', url: '/api/admin/analytics' })).statusCode).toBe(401);
    const admin = await adminClient();
    expect((await admin.inject({ method: 'GET', url: '/api/admin/analytics?range=year' })).statusCode).toBe(
      400,
    );
  });

  it('answers zeros for a site without events', async () => {
    const report = (
      await (await adminClient()).inject({ method: 'GET', url: '/api/admin/analytics?range=7d' })
    ).json();
    expect(report.totals).toEqual({ visitors: 0, sessions: 0, pageViews: 0, averageTimeOnPage: null });
    expect(report.perDay).toHaveLength(7);
    expect(report.topPages).toEqual([]);
    expect(report.referrers).toEqual([]);
    expect(report.scrollDepth).toEqual({
      pageEnds: 0,
      reached: [25, 50, 75, 100].map((depth) => ({ depth, count: 0, share: null })),
    });
    expect(report.funnel.map((s: { count: number }) => s.count)).toEqual([0, 0, 0]);
  });

  it('computes visitors, sessions, pages, referrers, scroll depth and the funnel exactly', async () => {
    const db = testApp.db();
    const signedUp = await newUser(db, { signupSource: 'password' });
    const signedUpIdle = await newUser(db, { signupSource: 'password' });
    // Signed up in another browser: none of its events share a session with a landing page view.
    await newUser(db, { signupSource: 'google' });
    const oldUser = await newUser(db, { createdAt: at(60, 0), signupSource: 'password' });
    await insertGeneration(db, signedUp.id, 'reddit', at(0, 9));
    await insertGeneration(db, oldUser.id, 'reddit', at(0, 9));
    const pageEnd = (depth: number, time: number) => ({
      path: '/',
      timeOnPage: time,
      scrollDepth: depth,
      exitPage: true,
    });
    await newAnalyticsEvents(db, [
      // Today: visitor A in two sessions, visitor B in one; the same hash yesterday is a new visitor.
      {
        type: 'page_view',
        page: '/',
        sessionId: 's1',
        visitorHash: 'A',
        occurredAt: at(0, 8),
        referrer: 'https://www.Google.com/search?q=x',
      },
      {
        type: 'page_view',
        page: '/pricing',
        sessionId: 's1',
        visitorHash: 'A',
        occurredAt: at(0, 8, 5),
        referrer: 'https://www.google.com/',
      },
      {
        type: 'page_view',
        page: '/dashboard',
        sessionId: 's1',
        visitorHash: 'A',
        userId: signedUp.id,
        occurredAt: at(0, 8, 10),
        referrer: 'https://studio.example.com/signup',
      },
      {
        type: 'page_view',
        page: '/landing',
        sessionId: 's2',
        visitorHash: 'A',
        occurredAt: at(0, 10),
        referrer: 'https://reddit.com/r/x',
      },
      {
        type: 'feature_usage',
        page: '/dashboard',
        sessionId: 's2',
        visitorHash: 'A',
        userId: signedUpIdle.id,
        occurredAt: at(0, 10, 5),
        data: { feature: 'x', action: 'y' },
      },
      {
        type: 'page_view',
        page: '/',
        sessionId: 's3',
        visitorHash: 'B',
        userId: oldUser.id,
        occurredAt: at(0, 11),
      },
      {
        type: 'page_end',
        page: '/',
        sessionId: 's3',
        visitorHash: 'B',
        occurredAt: at(0, 11, 1),
        data: pageEnd(20, 10),
      },
      {
        type: 'page_end',
        page: '/',
        sessionId: 's1',
        visitorHash: 'A',
        occurredAt: at(0, 8, 1),
        data: pageEnd(50, 20),
      },
      {
        type: 'page_end',
        page: '/',
        sessionId: 's2',
        visitorHash: 'A',
        occurredAt: at(0, 10, 1),
        data: pageEnd(100, 30),
      },
      // Yesterday.
      {
        type: 'page_view',
        page: '/pricing',
        sessionId: 's4',
        visitorHash: 'A',
        occurredAt: at(1, 12),
        referrer: 'android-app://com.reddit.frontpage/',
      },
      {
        type: 'page_end',
        page: '/pricing',
        sessionId: 's4',
        visitorHash: 'A',
        occurredAt: at(1, 12, 1),
        data: pageEnd(75, 60),
      },
      // Out of the 7-day range.
      {
        type: 'page_view',
        page: '/',
        sessionId: 's5',
        visitorHash: 'C',
        occurredAt: at(9, 12),
        referrer: 'https://bing.com/',
      },
    ]);

    const report = (
      await (await adminClient()).inject({ method: 'GET', url: '/api/admin/analytics?range=7d' })
    ).json();
    expect(report.totals).toEqual({ visitors: 3, sessions: 4, pageViews: 6, averageTimeOnPage: 30 });
    expect(report.perDay[6]).toEqual({ date: dayText(0), visitors: 2, sessions: 3, pageViews: 5 });
    expect(report.perDay[5]).toEqual({ date: dayText(1), visitors: 1, sessions: 1, pageViews: 1 });
    expect(report.perDay[0]).toEqual({ date: dayText(6), visitors: 0, sessions: 0, pageViews: 0 });
    expect(report.topPages).toEqual([
      { page: '/', views: 2 },
      { page: '/pricing', views: 2 },
      { page: '/dashboard', views: 1 },
      { page: '/landing', views: 1 },
    ]);
    // Sessions per host, own host left out; an app referrer's package name is its host.
    expect(report.referrers).toEqual([
      { host: 'com.reddit.frontpage', sessions: 1 },
      { host: 'reddit.com', sessions: 1 },
      { host: 'www.google.com', sessions: 1 },
    ]);
    expect(report.scrollDepth).toEqual({
      pageEnds: 4,
      reached: [
        { depth: 25, count: 3, share: 0.75 },
        { depth: 50, count: 3, share: 0.75 },
        { depth: 75, count: 2, share: 0.5 },
        { depth: 100, count: 1, share: 0.25 },
      ],
    });
    // s1, s2, s3 saw a landing page. Signups count by account, not by tab: the three accounts that
    // signed up in range (not the old one, nor admins and test users made without a signup), wherever
    // their events were; one of them generated.
    expect(report.funnel).toEqual([
      expect.objectContaining({ step: 'landing', count: 3, conversion: null }),
      expect.objectContaining({ step: 'signup', count: 3, conversion: 1 }),
      expect.objectContaining({ step: 'firstGeneration', count: 1, conversion: 1 / 3 }),
    ]);

    const month = (
      await (await adminClient()).inject({ method: 'GET', url: '/api/admin/analytics?range=30d' })
    ).json();
    expect(month.totals).toMatchObject({ visitors: 4, sessions: 5, pageViews: 7 });
    expect(month.referrers).toContainEqual({ host: 'bing.com', sessions: 1 });
  });
});
