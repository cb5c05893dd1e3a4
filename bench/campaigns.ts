// Campaign planning and copies (issue 24): a 30-subreddit plan (title fitting, safe spacing, the
// rules check per subreddit with Reddit's live requirements from a stand-in on loopback), timed for
// many creators on one process; then the protected copies of saved campaigns, made as the job makes
// them. Prints p50/p95 of planning against the 2 s target, the same plan from the communities
// database alone side by side (what the live checks cost), copies per second, and a spacing audit.
//
//   CAMPAIGN_CREATORS=20 (creators planning one 30-subreddit campaign each)
//   CAMPAIGN_COPIES=3 (campaigns saved and given their copies, 30 posts each)
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import {
  campaignPlanResponseSchema,
  campaignCreatedResponseSchema,
} from '../packages/shared/src/campaigns.js';
import { buildApp } from '../apps/api/src/app.js';
import { createMediaStorage } from '../apps/api/src/adapters/storage/create-media-storage.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { migrateDatabase } from '../apps/api/src/db/migrate.js';
import { seedCommunities } from '../apps/api/src/db/seed/seed-communities.js';
import { communities, scheduledPosts } from '../apps/api/src/db/schema/index.js';
import { makeWaitingPostCopies } from '../apps/api/src/modules/imageshield/post-copies.js';
import { newUser } from '../apps/api/test/factories/users.js';
import { RedditStandIn } from '../apps/api/test/stand-ins/reddit.js';
import { signedInClient } from '../apps/api/test/test-client.js';
import { campaignCreator, writeBenchPhoto } from './support/campaign-creators.js';

const creators = Number(process.env.CAMPAIGN_CREATORS ?? 20);
const copyCampaigns = Number(process.env.CAMPAIGN_COPIES ?? 3);
const targetP95Ms = 2000;
const subredditsPerCampaign = 30;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-campaigns-'));
const reddit = await RedditStandIn.start();
const database = await openDatabase({});
try {
  await migrateDatabase(database);
  await seedCommunities(database);
  const { db } = database;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    DATA_DIR: dataDir,
    ...reddit.env(),
  });
  const app = await buildApp({ config, database });
  const names = (await db.select({ name: communities.name }).from(communities).orderBy(communities.members))
    .slice(-subredditsPerCampaign)
    .map((row) => row.name);
  for (const name of names)
    reddit.addSubreddit(name, { allow_images: true, requirements: { title_required_strings: ['[OC]'] } });
  const storage = createMediaStorage(config.media);
  const photo = path.join(dataDir, 'photo.jpg');
  await writeBenchPhoto(photo, 1600);
  const creator = (n: number) => campaignCreator({ app, db, reddit, storage, photo }, n);

  const request = (imageId: string, withTitleFix: boolean) => ({
    title: 'Red satin and candlelight, new set tonight 🔥',
    imageIds: [imageId],
    firstComment: 'Full set on my page',
    targets: names.map((subreddit) => ({
      subreddit,
      ...(withTitleFix ? { title: 'Red satin and candlelight, new set tonight [OC]' } : {}),
    })),
  });

  const people = [];
  for (let n = 0; n < creators; n++) people.push(await creator(n));
  // Warm-up (JIT, prepared statements), not reported.
  await people[0]!.client.inject({
    method: 'POST',
    url: '/api/campaigns/plan',
    payload: request(people[0]!.imageId, false),
  });

  const live: number[] = [];
  for (const { client, imageId } of people) {
    const started = performance.now();
    const answer = await client.inject({
      method: 'POST',
      url: '/api/campaigns/plan',
      payload: request(imageId, false),
    });
    live.push(performance.now() - started);
    const plan = campaignPlanResponseSchema.parse(answer.json());
    if (plan.rows.length !== subredditsPerCampaign) throw new Error(`plan answered ${plan.rows.length} rows`);
  }
  // The same plans for creators without a linked account: the communities database only.
  const offline: number[] = [];
  for (let n = 0; n < creators; n++) {
    const user = await newUser(db, { tier: 'pro' });
    const client = await signedInClient(app, db, user);
    const started = performance.now();
    const answer = await client.inject({
      method: 'POST',
      url: '/api/campaigns/plan',
      payload: { ...request(randomUUID(), false), imageIds: [] },
    });
    offline.push(performance.now() - started);
    if (answer.statusCode !== 200)
      throw new Error(`offline plan answered ${answer.statusCode}: ${answer.body}`);
  }
  const p95 = percentile(live, 95);
  console.log(
    `planning a ${subredditsPerCampaign}-subreddit campaign, ${creators} creators, one process (PGlite):\n` +
      `  with live Reddit checks: p50 ${percentile(live, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (target < ${targetP95Ms} ms, ratio ${(p95 / targetP95Ms).toFixed(2)})\n` +
      `  database only (no account): p50 ${percentile(offline, 50).toFixed(0)} ms, p95 ${percentile(offline, 95).toFixed(0)} ms; live/database ${(percentile(live, 50) / percentile(offline, 50)).toFixed(2)}x`,
  );

  // Saved campaigns and their copies, made the way the job makes them.
  const saved: string[] = [];
  for (const { client, imageId } of people.slice(0, copyCampaigns)) {
    const answer = await client.inject({
      method: 'POST',
      url: '/api/campaigns',
      payload: request(imageId, true),
    });
    if (answer.statusCode !== 201) throw new Error(`campaign answered ${answer.statusCode}: ${answer.body}`);
    saved.push(campaignCreatedResponseSchema.parse(answer.json()).campaign.id);
  }
  const started = performance.now();
  let made = 0;
  for (;;) {
    const batch = await makeWaitingPostCopies({ db, storage, tempDir: dataDir });
    made += batch;
    if (batch === 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  const posts = await db.select().from(scheduledPosts).where(inArray(scheduledPosts.campaignId, saved));
  const hashes = new Set(posts.map((post) => post.copyPdqHash));
  console.log(
    `copies: ${made} made in ${seconds.toFixed(1)} s (${(made / seconds).toFixed(1)} per second, one process), ` +
      `${posts.filter((post) => post.copyState === 'ready').length}/${posts.length} ready, ${hashes.size} distinct PDQ hashes`,
  );

  // Spacing audit: per account, every gap and every rolling hour of the saved campaigns.
  let breaches = 0;
  const byAccount = new Map<string, number[]>();
  for (const post of posts)
    byAccount.set(post.redditAccountId!, [
      ...(byAccount.get(post.redditAccountId!) ?? []),
      post.scheduledAt.getTime(),
    ]);
  for (const times of byAccount.values()) {
    times.sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++) if (times[i]! - times[i - 1]! < 20 * 60_000) breaches++;
    for (const start of times)
      if (times.filter((t) => t >= start && t < start + 3_600_000).length > 3) breaches++;
  }
  console.log(
    `spacing audit: ${posts.length} posts on ${byAccount.size} accounts, ${breaches} breaches of 20 min / 3 an hour`,
  );
  const firstComments = (
    await db.select().from(scheduledPosts).where(eq(scheduledPosts.firstCommentStatus, 'pending'))
  ).length;
  console.log(`first comments waiting with their posts: ${firstComments}`);
  if (p95 >= targetP95Ms || breaches > 0 || hashes.size !== posts.length) process.exitCode = 1;
  await app.close();
} finally {
  await database.close();
  await reddit.close();
  await rm(dataDir, { recursive: true, force: true });
}
