// Setting up the campaign mode of bench/scheduler.ts through the product's own code: creators link
// their accounts and save a 30-subreddit campaign each through the API (titles, the safe spacing of
// modules/campaigns/spacing.ts, the rules checks), each post's protected copy is made the way the
// campaigns.make-copies job makes it; then every time is compressed (one minute of the plan becomes
// `minuteMs` of the bench) so the whole campaign falls due within a few minutes.
import path from 'node:path';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { campaignCreatedResponseSchema, campaignDetailSchema } from '../../packages/shared/src/campaigns.js';
import { buildApp } from '../../apps/api/src/app.js';
import { createMediaStorage } from '../../apps/api/src/adapters/storage/create-media-storage.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { seedCommunities } from '../../apps/api/src/db/seed/seed-communities.js';
import { communities, redditAccounts, scheduledPosts } from '../../apps/api/src/db/schema/index.js';
import { makeWaitingPostCopies } from '../../apps/api/src/modules/imageshield/post-copies.js';
import { campaignCreator, writeBenchPhoto, type CampaignCreator } from '../support/campaign-creators.js';
import { quantile, type SchedulerBench } from './harness.js';

export const subredditsPerCampaign = 30;
const minute = 60_000;

export interface CampaignPlan {
  /** Each post's compressed due time, by `${username}/${subreddit}` (lower case). */
  dueByKey: Map<string, number>;
  /** The keys of the posts that carry a first comment (each creator's first post). */
  commented: Set<string>;
  /** When the earliest and the latest post fall due (bench clock). */
  firstDue: number;
  lastDue: number;
}

const key = (username: string, subreddit: string) => `${username}/${subreddit}`.toLowerCase();

/** Saves the campaigns and makes their copies; answers the plans' start (`base`, epoch ms). */
export async function setUpCampaigns(
  { database, databaseUrl, dataDir, reddit }: SchedulerBench,
  options: { creators: number; photoWidth: number },
): Promise<number> {
  const { db } = database;
  await seedCommunities(database);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    ...reddit.env(),
  });
  const app = await buildApp({ config, database });
  try {
    const names = (await db.select({ name: communities.name }).from(communities).orderBy(communities.members))
      .slice(-subredditsPerCampaign)
      .map((row) => row.name);
    for (const name of names) reddit.addSubreddit(name, { allow_images: true });
    const storage = createMediaStorage(config.media);
    const photo = path.join(dataDir, 'photo.jpg');
    await writeBenchPhoto(photo, options.photoWidth);

    // Campaign n starts n/creators of one gap after the first: creators do not all start at once.
    const base = Math.ceil((Date.now() + 2 * 60 * minute) / minute) * minute;
    const creators: CampaignCreator[] = [];
    const saving: number[] = [];
    const campaignIds: string[] = [];
    for (let n = 0; n < options.creators; n++) {
      const creator = await campaignCreator({ app, db, reddit, storage, photo }, n);
      creators.push(creator);
      const started = performance.now();
      const answer = await creator.client.inject({
        method: 'POST',
        url: '/api/campaigns',
        payload: {
          title: 'Red satin and candlelight, new set tonight',
          imageIds: [creator.imageId],
          firstCommentDelayMinutes: 0,
          startAt: new Date(base + Math.floor((n * 20 * minute) / options.creators)).toISOString(),
          // One first comment per creator, under her first post.
          targets: names.map((subreddit, index) => ({
            subreddit,
            ...(index === 0 ? { firstComment: 'Full set on my page' } : {}),
          })),
        },
      });
      saving.push(performance.now() - started);
      if (answer.statusCode !== 201)
        throw new Error(`campaign answered ${answer.statusCode}: ${answer.body}`);
      campaignIds.push(campaignCreatedResponseSchema.parse(answer.json()).campaign.id);
    }
    saving.sort((a, b) => a - b);
    console.log(
      `${options.creators} campaigns of ${subredditsPerCampaign} photo posts saved through POST /api/campaigns (plan, rules checks, spacing, insert; PostgreSQL): p50 ${quantile(saving, 0.5).toFixed(0)} ms, p95 ${quantile(saving, 0.95).toFixed(0)} ms`,
    );

    // The copies, as campaigns.make-copies makes them (one run at a time per server).
    const started = performance.now();
    let made = 0;
    for (;;) {
      const batch = await makeWaitingPostCopies({ db, storage, tempDir: dataDir });
      if (batch === 0) break;
      if (made === 0) {
        const shown = await creators[0]!.client.inject({
          method: 'GET',
          url: `/api/campaigns/${campaignIds[0]}`,
        });
        const { copies } = campaignDetailSchema.parse(shown.json());
        console.log(`  the first campaign while copies are made: ${JSON.stringify(copies)}`);
      }
      made += batch;
    }
    const copySeconds = (performance.now() - started) / 1000;
    const hashes = await db
      .select({ hash: scheduledPosts.copyPdqHash })
      .from(scheduledPosts)
      .where(eq(scheduledPosts.copyState, 'ready'));
    console.log(
      `copies (${options.photoWidth} px photos, one process, before sending): ${made} in ${copySeconds.toFixed(1)} s, ${(made / copySeconds).toFixed(1)} a second; ${hashes.length} ready, ${new Set(hashes.map((row) => row.hash)).size} distinct PDQ hashes`,
    );

    return base;
  } finally {
    await app.close();
  }
}

/** Compresses every time: due = now + leadMs + (planned - base) × minuteMs / 1 minute. */
export async function compressTimes(
  { database }: SchedulerBench,
  options: { base: number; minuteMs: number; leadMs: number },
): Promise<CampaignPlan> {
  const { db } = database;
  const start = new Date(Date.now() + options.leadMs).toISOString();
  const scaled = sql`${start}::timestamptz + (${scheduledPosts.scheduledAt} - ${new Date(options.base).toISOString()}::timestamptz) * ${options.minuteMs / minute}::double precision`;
  await db.update(scheduledPosts).set({ scheduledAt: scaled, dueAt: scaled });
  const rows = await db
    .select({
      username: redditAccounts.username,
      subreddit: scheduledPosts.subreddit,
      dueAt: scheduledPosts.dueAt,
      firstComment: scheduledPosts.firstComment,
    })
    .from(scheduledPosts)
    .innerJoin(redditAccounts, eq(redditAccounts.id, scheduledPosts.redditAccountId))
    .where(isNotNull(scheduledPosts.redditAccountId));
  const dueByKey = new Map(rows.map((row) => [key(row.username, row.subreddit), row.dueAt.getTime()]));
  const commented = new Set(
    rows.filter((row) => row.firstComment).map((row) => key(row.username, row.subreddit)),
  );
  const times = [...dueByKey.values()];
  return { dueByKey, commented, firstDue: Math.min(...times), lastDue: Math.max(...times) };
}

export { key as postKey };
