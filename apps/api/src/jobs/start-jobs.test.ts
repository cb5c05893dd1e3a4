import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../test/db/test-database.js';
import { RedditStandIn } from '../../test/stand-ins/reddit.js';
import { createHttpRedditApi } from '../adapters/reddit/http-reddit-api.js';
import { loadConfig } from '../config.js';
import { communities } from '../db/schema/communities.js';
import { silentLog, waitFor } from './jobs.test-support.js';
import { enqueueCommunitiesRefresh, refreshCommunitiesJob } from './refresh-communities.job.js';
import { type RunningJobs, startJobs } from './start-jobs.js';

describe.each(testDatabaseKinds())('startJobs on %s', (kind) => {
  let reddit: RedditStandIn;
  let database: TestDatabase;
  let jobs: RunningJobs | undefined;

  beforeAll(async () => {
    [reddit, database] = await Promise.all([RedditStandIn.start(), createTestDatabase(kind)]);
  });
  afterEach(async () => {
    await jobs?.stop();
    jobs = undefined;
  });
  afterAll(async () => {
    await Promise.all([reddit?.close(), database?.close()]);
  });

  const configWith = (environment: Record<string, string> = {}) =>
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...environment,
    });

  // Only the embedded database needs the hourly vacuum and statistics: PostgreSQL runs autovacuum.
  const embeddedMaintenanceSchedule =
    kind === 'pglite'
      ? [
          expect.objectContaining({
            name: 'maintenance.embedded-database',
            cron: '43 * * * *',
            timezone: 'UTC',
          }),
        ]
      : [];

  const finished = (id: string) =>
    waitFor(async () => {
      const job = await jobs!.queue.boss.getJobById(refreshCommunitiesJob.id, id);
      return (job?.state === 'completed' || job?.state === 'failed') && job;
    });

  it('with Reddit credentials schedules the daily refresh, runs one on demand and removes the schedule without them', async () => {
    const [row] = await database.db
      .insert(communities)
      .values({
        name: 'amateur',
        displayName: 'Amateur',
        category: 'amateur',
        members: 10,
        engagementRate: 3,
        growthTrend: 'stable',
        competitionLevel: 'medium',
        modActivity: 'moderate',
        promotionAllowed: 'no',
        verificationRequired: true,
      })
      .returning();
    reddit.addSubreddit('Amateur', { subscribers: 123_456 });
    const config = configWith(reddit.env());

    jobs = await startJobs(
      { database, config, log: silentLog },
      { reddit: createHttpRedditApi(reddit.clientOptions()), pollingIntervalSeconds: 0.5 },
    );
    // The same credentials turn on Reddit posting, whose sweep, campaign copies and reposts run every minute.
    const schedules = await jobs.queue.boss.getSchedules();
    expect(schedules.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      expect.objectContaining({ name: 'campaigns.make-copies', cron: '* * * * *', timezone: 'UTC' }),
      expect.objectContaining({
        name: 'communities.refresh',
        cron: refreshCommunitiesJob.schedule!.cron,
        timezone: 'UTC',
      }),
      ...embeddedMaintenanceSchedule,
      expect.objectContaining({ name: 'maintenance.sweep-expired', cron: '17 * * * *', timezone: 'UTC' }),
      expect.objectContaining({ name: 'media.purge-deleted', cron: '* * * * *', timezone: 'UTC' }),
      expect.objectContaining({ name: 'posts.sweep', cron: '* * * * *', timezone: 'UTC' }),
      expect.objectContaining({ name: 'reposts.make-rounds', cron: '* * * * *', timezone: 'UTC' }),
    ]);

    const id = await enqueueCommunitiesRefresh(jobs.queue);
    expect(await finished(id!)).toMatchObject({ state: 'completed', output: { checked: 1, updated: 1 } });
    const [after] = await database.db.select().from(communities).where(eq(communities.id, row!.id));
    expect(after).toMatchObject({ name: 'Amateur', members: 123_456, source: 'reddit_api' });

    await jobs.stop();
    jobs = await startJobs({ database, config: configWith(), log: silentLog });
    expect((await jobs.queue.boss.getSchedules()).map((schedule) => schedule.name).sort()).toEqual([
      ...embeddedMaintenanceSchedule.map(() => 'maintenance.embedded-database'),
      'maintenance.sweep-expired',
      'media.purge-deleted',
    ]);
  });

  it('without Reddit credentials schedules only the sweeps, and an on-demand refresh is skipped', async () => {
    jobs = await startJobs({ database, config: configWith(), log: silentLog });
    const schedules = await jobs.queue.boss.getSchedules();
    expect(schedules.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      ...embeddedMaintenanceSchedule,
      expect.objectContaining({ name: 'maintenance.sweep-expired', cron: '17 * * * *', timezone: 'UTC' }),
      expect.objectContaining({ name: 'media.purge-deleted', cron: '* * * * *', timezone: 'UTC' }),
    ]);

    const id = await enqueueCommunitiesRefresh(jobs.queue);
    expect(await finished(id!)).toMatchObject({
      state: 'completed',
      output: { skipped: 'reddit_not_configured' },
    });
  });

  it('queues at most one waiting refresh', async () => {
    jobs = await startJobs({ database, config: configWith(), log: silentLog });
    await jobs.queue.boss.offWork(refreshCommunitiesJob.id);

    expect(await enqueueCommunitiesRefresh(jobs.queue)).toEqual(expect.any(String));
    expect(await enqueueCommunitiesRefresh(jobs.queue)).toBeNull();
  });
});
