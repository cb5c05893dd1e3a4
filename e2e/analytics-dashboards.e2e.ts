import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/api/src/db/client';
import { analyticsEvents, contentGenerations, scheduledPosts, users } from '../apps/api/src/db/schema/index';
import { createSession } from '../apps/api/src/modules/auth/session.repo';
import { browserCheck, pageErrors, useSeededJourney } from './support/journey';

const dayMs = 86_400_000;
const midnight = (() => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
})();
/** `days` UTC days ago at `hour`:00 — never later than now, so every row is in the past. */
const at = (days: number, hour: number) =>
  new Date(Math.min(Date.now() - 60_000, midnight - days * dayMs + hour * 3_600_000));

/**
 * Three weeks of history for a Pro creator and some anonymous visitors, written into the embedded
 * database while the server is stopped (the ingest endpoint only accepts events from the last day).
 */
async function seed(dataDir: string) {
  const database = await openDatabase({ pgliteDataDir: path.join(dataDir, 'db') });
  const { db } = database;
  const [pro] = await db
    .insert(users)
    .values({
      username: 'chart_pro',
      email: 'chart_pro@example.com',
      emailVerifiedAt: new Date(),
      tier: 'pro',
    })
    .returning();
  const [admin] = await db
    .insert(users)
    .values({
      username: 'chart_admin',
      email: 'chart_admin@example.com',
      emailVerifiedAt: new Date(),
      isAdmin: true,
    })
    .returning();
  const platforms = ['reddit', 'instagram', 'twitter', 'reddit', 'tiktok', 'reddit'] as const;
  const subreddits = ['pics', 'selfie', 'gonewild_art', 'pics', 'selfie', 'pics', 'amateur_photo'];
  const events: (typeof analyticsEvents.$inferInsert)[] = [];
  const pages = ['/dashboard', '/reddit', '/caption-generator', '/gallery', '/history'];
  for (let day = 0; day < 21; day++) {
    for (let i = 0; i < (day % 5) + 1; i++) {
      await db.insert(contentGenerations).values({
        userId: pro!.id,
        platform: platforms[(day + i) % platforms.length]!,
        content: 'A caption',
        createdAt: at(day, 8 + i),
      });
    }
    for (let i = 0; i < (day % 3) + 1; i++) {
      const sent = (day + i) % 4 !== 0;
      const when = at(day, [18, 20, 9, 14][(day + i) % 4]!);
      await db.insert(scheduledPosts).values({
        userId: pro!.id,
        subreddit: subreddits[(day * 2 + i) % subreddits.length]!,
        titleFinal: 'A post',
        status: sent ? 'sent' : 'failed',
        scheduledAt: when,
        sentAt: sent ? when : null,
        lastAttemptAt: when,
      });
    }
    for (let i = 0; i < (day % 4) + 2; i++) {
      events.push({
        clientEventId: randomUUID(),
        type: 'page_view',
        page: pages[(day + i) % pages.length]!,
        sessionId: `pro-${day}`,
        visitorHash: `pro-${day}`,
        userId: pro!.id,
        occurredAt: at(day, 9 + i * 2),
      });
      events.push({
        clientEventId: randomUUID(),
        type: 'page_end',
        page: pages[(day + i) % pages.length]!,
        sessionId: `pro-${day}`,
        visitorHash: `pro-${day}`,
        userId: pro!.id,
        occurredAt: at(day, 9 + i * 2),
        data: {
          path: pages[(day + i) % pages.length],
          timeOnPage: 30 + i * 20,
          scrollDepth: [25, 50, 75, 100][i % 4],
          exitPage: false,
        },
      });
    }
    // Anonymous visitors on the landing page, some from other sites.
    for (let v = 0; v < (day % 6) + 3; v++) {
      const referrer = [
        null,
        'https://www.google.com/search',
        'https://www.reddit.com/r/x',
        'https://t.co/abc',
      ][v % 4];
      for (const page of v % 2 ? ['/', '/landing'] : ['/']) {
        events.push({
          clientEventId: randomUUID(),
          type: 'page_view',
          page,
          referrer,
          sessionId: `anon-${day}-${v}`,
          // Some visitors come back the same day in a second session.
          visitorHash: `anon-${day}-${v % 4}`,
          occurredAt: at(day, 10 + v),
        });
      }
      events.push({
        clientEventId: randomUUID(),
        type: 'page_end',
        page: '/',
        sessionId: `anon-${day}-${v}`,
        visitorHash: `anon-${day}-${v % 4}`,
        occurredAt: at(day, 10 + v),
        data: {
          path: '/',
          timeOnPage: 12 + v * 7,
          scrollDepth: [10, 30, 60, 80, 100][v % 5],
          exitPage: true,
        },
      });
    }
  }
  // The Pro creator first arrived through the landing page, in a session that is hers.
  events.push({
    clientEventId: randomUUID(),
    type: 'page_view',
    page: '/',
    sessionId: 'pro-0',
    visitorHash: 'pro-0',
    occurredAt: at(0, 7),
  });
  await db.insert(analyticsEvents).values(events);
  const [free] = await db
    .insert(users)
    .values({ username: 'chart_free', email: 'chart_free@example.com', emailVerifiedAt: new Date() })
    .returning();
  const freeSession = await createSession(db, free!.id);
  const proSession = await createSession(db, pro!.id);
  const adminSession = await createSession(db, admin!.id);
  await database.close();
  return { proToken: proSession.token, adminToken: adminSession.token, freeToken: freeSession.token };
}

describe.skipIf(!browserCheck.available)('analytics dashboards', () => {
  const journey = useSeededJourney(seed);
  const openAs = (sessionToken: string, colorScheme: 'light' | 'dark') =>
    journey.newPage({ sessionToken, colorScheme, viewport: { width: 1280, height: 900 } });

  it('a Pro creator sees her charts on /dashboard, the advanced ones included, in light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await openAs(journey.seeded.proToken, scheme);
      await page.goto('/dashboard');
      await page.locator('[data-tour="analytics"]').scrollIntoViewIfNeeded();
      const section = page.getByRole('region', { name: 'Your analytics' });
      await section.getByLabel('Totals for the range').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('svg.recharts-surface').length >= 7);
      expect(await section.getByText('Advanced analytics is a Pro feature').count()).toBe(0);
      await section.getByText(/Most posts went out at/).waitFor();
      const picker = section.getByRole('group', { name: 'Date range' });
      const [week] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/api/analytics/me?range=7d')),
        picker.getByRole('button', { name: '7 days' }).click(),
      ]);
      expect(week.status()).toBe(200);
      expect(((await week.json()) as { perDay: unknown[] }).perDay).toHaveLength(7);
      await picker.getByRole('button', { name: '30 days' }).click();
      await section.and(page.locator('[aria-busy="false"]')).waitFor();
      await page.screenshot({ path: `/tmp/h/dash-pro-${scheme}.png`, fullPage: true });
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    }
  });

  it('a Free user without data sees empty states with next steps, and the Pro parts locked', async () => {
    const page = await openAs(journey.seeded.freeToken, 'light');
    await page.goto('/dashboard');
    await page.locator('[data-tour="analytics"]').scrollIntoViewIfNeeded();
    const section = page.getByRole('region', { name: 'Your analytics' });
    await section.getByText('Advanced analytics is a Pro feature').waitFor();
    await section.getByText('No posts sent yet — schedule one in Reddit').waitFor();
    expect(await section.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe(
      '/checkout?plan=pro',
    );
    expect(await section.getByRole('button', { name: '90 days (Pro plan)' }).isDisabled()).toBe(true);
    await page.screenshot({ path: '/tmp/h/dash-free.png', fullPage: true });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('an admin sees the site-wide section on /admin', async () => {
    const page = await openAs(journey.seeded.adminToken, 'light');
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/admin/analytics?range=30d')),
      page.goto('/admin'),
    ]);
    const report = (await answer.json()) as {
      totals: { visitors: number; sessions: number };
      referrers: { host: string }[];
    };
    // Some visitors had two sessions a day; the site's own address is never a referrer.
    expect(report.totals.visitors).toBeLessThan(report.totals.sessions);
    expect(report.referrers.map((r) => r.host).sort()).toEqual(['t.co', 'www.google.com', 'www.reddit.com']);
    const section = page.getByRole('region', { name: 'Site analytics' });
    await section.getByLabel('Site totals for the range').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('svg.recharts-surface').length >= 4);
    await section.getByText('www.google.com').first().waitFor({ state: 'attached' });
    await section.getByText('Sessions that saw the landing page').waitFor();
    await page.screenshot({ path: '/tmp/h/dash-admin.png', fullPage: true });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
