// The plain mode of bench/scheduler.ts: text posts due evenly within one window (or all at once),
// for 100 accounts, sent by the production senders to the Reddit stand-in.
import { randomBytes } from 'node:crypto';
import { redditAccounts, scheduledPosts, users } from '../../apps/api/src/db/schema/index.js';
import { createTokenCipher, loadTokenKey } from '../../apps/api/src/modules/reddit/token-cipher.js';
import {
  budgetSetting,
  pendingPosts,
  postStatuses,
  quantile,
  type SchedulerBench,
  wakeSendersAt,
} from './harness.js';

const totalPosts = Number(process.env.SCHEDULER_POSTS ?? 10_000);
const workers = Number(process.env.SCHEDULER_WORKERS ?? 2);
const submitLatencyMs = Number(process.env.SCHEDULER_SUBMIT_LATENCY_MS ?? 0);
const accounts = 100;
const leadMs = 15_000;
const windowMs = Number(process.env.SCHEDULER_WINDOW_MS ?? 60_000);
const targetP99Ms = 5000;

export async function textPostsBench(bench: SchedulerBench) {
  const { database, reddit, startSenders } = bench;
  const { db } = database;
  reddit.submitDelayMs = submitLatencyMs;
  // The stand-in enforces it (429 past it) and the senders are told the same allowance.
  reddit.budget = budgetSetting(process.env.SCHEDULER_REDDIT_BUDGET);
  const subreddit = 'benchposts';
  reddit.addSubreddit(subreddit);

  // Creators with one linked account each; refresh tokens stored the way the callback stores them.
  const cipher = createTokenCipher(await loadTokenKey(db, undefined));
  const accountIds: string[] = [];
  for (let n = 0; n < accounts; n++) {
    const [user] = await db
      .insert(users)
      .values({
        username: `bench_${n}`,
        email: `bench_${n}@example.com`,
        tier: 'pro',
        emailVerifiedAt: new Date(),
      })
      .returning();
    const standInUser = reddit.addUser(`bench_creator_${n}`);
    const refreshToken = randomBytes(16).toString('base64url');
    reddit.refreshTokens.set(refreshToken, standInUser.name);
    const [account] = await db
      .insert(redditAccounts)
      .values({
        userId: user!.id,
        redditUserId: standInUser.id,
        username: standInUser.name,
        refreshTokenEncrypted: cipher.encrypt(refreshToken),
      })
      .returning();
    accountIds.push(account!.id);
  }

  // 10,000 posts spread evenly over one minute, starting shortly after the senders are up.
  const start = Date.now() + leadMs;
  const dueByTitle = new Map<string, number>();
  const rows = Array.from({ length: totalPosts }, (_, n) => {
    const due = new Date(start + Math.floor((n * windowMs) / totalPosts));
    const title = `Bench post ${n}`;
    dueByTitle.set(title, due.getTime());
    return {
      redditAccountId: accountIds[n % accounts]!,
      subreddit,
      titleFinal: title,
      scheduledAt: due,
      dueAt: due,
    };
  });
  const owners = await db
    .select({ id: redditAccounts.id, userId: redditAccounts.userId })
    .from(redditAccounts);
  const ownerOf = new Map(owners.map((o) => [o.id, o.userId]));
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(scheduledPosts)
      .values(rows.slice(i, i + 1000).map((row) => ({ ...row, userId: ownerOf.get(row.redditAccountId)! })));
  }

  await wakeSendersAt(
    bench,
    rows.map((row) => row.dueAt.getTime()),
  );

  await startSenders(workers);
  console.log(
    `${totalPosts} posts for ${accounts} accounts due between +${leadMs / 1000}s and +${(leadMs + windowMs) / 1000}s; ${workers} sender processes ready; submit latency ${submitLatencyMs} ms`,
  );

  const deadline = start + windowMs + 60_000;
  while (Date.now() < deadline && (await pendingPosts(database)) > 0)
    await new Promise((resolve) => setTimeout(resolve, 500));

  const counts = new Map<string, number>();
  for (const post of reddit.posts) counts.set(post.title, (counts.get(post.title) ?? 0) + 1);
  const duplicates = [...counts.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  const byStatus = await postStatuses(database);
  const lost = [...dueByTitle.keys()].filter((title) => !counts.has(title)).length;
  const lateness = reddit.posts
    .map((post) => post.created_utc * 1000 - dueByTitle.get(post.title)!)
    .sort((a, b) => a - b);
  const received = reddit.posts.map((post) => post.created_utc * 1000);
  const busySeconds = (Math.max(...received) - Math.min(...received)) / 1000;

  console.log(
    `sent to Reddit: ${reddit.posts.length} (submit calls ${reddit.submitCalls}); statuses ${JSON.stringify(byStatus)}`,
  );
  console.log(
    `throughput: ${(reddit.posts.length / Math.max(busySeconds, 0.001)).toFixed(1)} posts/s over ${busySeconds.toFixed(1)} s (posts fall due ${windowMs > 0 ? `at ${(totalPosts / (windowMs / 1000)).toFixed(1)}/s` : 'all at once'})`,
  );
  const p99 = quantile(lateness, 0.99);
  console.log(
    `lateness after due time: p50 ${(quantile(lateness, 0.5) / 1000).toFixed(2)} s, p99 ${(p99 / 1000).toFixed(2)} s, max ${(quantile(lateness, 1) / 1000).toFixed(2)} s (target p99 < ${targetP99Ms / 1000} s: ratio ${(p99 / targetP99Ms).toFixed(2)})`,
  );
  console.log(`duplicates: ${duplicates} (must be 0); lost: ${lost} (must be 0)`);
  if (reddit.budget) {
    // Posts past the allowance go out in later windows by design: lateness is not judged then.
    console.log(
      `Reddit allowance ${reddit.budget.requests} per ${reddit.budget.windowSeconds} s: 429 answers ${reddit.budgetRefusals} (must be 0)`,
    );
    if (duplicates > 0 || reddit.budgetRefusals > 0) process.exitCode = 1;
  } else if (duplicates > 0 || lost > 0 || p99 > targetP99Ms) process.exitCode = 1;
}
