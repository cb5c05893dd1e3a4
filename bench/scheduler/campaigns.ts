// The campaign mode of bench/scheduler.ts (SCHEDULER_CAMPAIGNS=n): n creators, each with one
// 30-subreddit photo campaign (its own protected copy per post, made ahead of time) and one first
// comment under her first post, sent by the production senders with Reddit's allowance enforced.
// Every time of the plan is compressed (SCHEDULER_MINUTE_MS of bench per minute), and so are
// Reddit's allowance window and token lifetime, so the bench is Reddit at that speed.
import { and, eq, isNotNull, like, sql } from 'drizzle-orm';
import { spacingLimits } from '../../packages/shared/src/campaigns.js';
import { redditAccounts, redditRateBudget, scheduledPosts } from '../../apps/api/src/db/schema/index.js';
import { defaultSenderTimings } from '../../apps/api/src/modules/posts/post-sending.service.js';
import { callsByEndpoint, commentDelays, receipts, spacingAudit, spread } from './campaign-report.js';
import { compressTimes, postKey, setUpCampaigns } from './campaign-setup.js';
import {
  budgetSetting,
  pendingPosts,
  postStatuses,
  quantile,
  type SchedulerBench,
  wakeSendersAt,
} from './harness.js';

const minute = 60_000;
const creators = Number(process.env.SCHEDULER_CAMPAIGNS);
const minuteMs = Number(process.env.SCHEDULER_MINUTE_MS ?? 500);
const workers = Number(process.env.SCHEDULER_WORKERS ?? 2);
const photoWidth = Number(process.env.SCHEDULER_PHOTO_WIDTH ?? 320);
const leadMs = 5000;
const targetP99Ms = 5000;
/** Reddit's allowance per client id (docs/reddit-posting.md#reddits-allowance). */
const reddit10Minutes = { requests: 1000, windowSeconds: 600 };

export async function campaignsBench(bench: SchedulerBench) {
  const { database, reddit } = bench;
  const { db } = database;
  const scale = minuteMs / minute;
  const budget = budgetSetting(process.env.SCHEDULER_REDDIT_BUDGET) ?? {
    requests: reddit10Minutes.requests,
    windowSeconds: reddit10Minutes.windowSeconds * scale,
  };
  if (!Number.isInteger(budget.windowSeconds) || budget.windowSeconds < 1)
    throw new Error('SCHEDULER_MINUTE_MS must be a multiple of 100: the window is a whole number of seconds');

  const base = await setUpCampaigns(bench, { creators, photoWidth });
  // Setting up called the stand-in without an allowance: the senders start from a full window.
  await db.delete(redditRateBudget);
  reddit.budget = budget;
  // Reddit's access tokens last an hour: an hour of the bench, so refreshes cost what they would.
  reddit.tokenLifetimeSeconds = Math.max(1, Math.round(3600 * scale));
  const requestsBefore = reddit.apiRequests.length;
  const grantsBefore = reddit.refreshGrants;
  // Started before the posts fall due, so none is overdue when they are up.
  await bench.startSenders(workers, { BENCH_MINUTE_MS: String(minuteMs) });
  const plan = await compressTimes(bench, { base, minuteMs, leadMs });
  const posts = plan.dueByKey.size;
  await wakeSendersAt(bench, plan.dueByKey.values());
  const now = Date.now();
  console.log(
    `${posts} photo posts of ${creators} accounts due from +${((plan.firstDue - now) / 1000).toFixed(0)} s to +${((plan.lastDue - now) / 1000).toFixed(0)} s ` +
      `(one minute of the plan = ${minuteMs} ms, i.e. ${(1 / scale).toFixed(0)}x faster); ${workers} sender processes; ` +
      `allowance ${budget.requests} calls per ${budget.windowSeconds} s; access tokens last ${reddit.tokenLifetimeSeconds} s`,
  );

  // Until everything is sent; posts the allowance holds back are noted as they wait, and so are
  // those the account's spacing holds back (a post held back with its account's others).
  const heldBack = new Set<string>();
  const spacedBack = new Set<string>();
  const deadline = plan.lastDue + 120_000;
  while (Date.now() < deadline) {
    const waiting = await db
      .select({ username: redditAccounts.username, subreddit: scheduledPosts.subreddit })
      .from(scheduledPosts)
      .innerJoin(redditAccounts, eq(redditAccounts.id, scheduledPosts.redditAccountId))
      .where(isNotNull(scheduledPosts.budgetWaitUntil));
    for (const row of waiting) heldBack.add(postKey(row.username, row.subreddit));
    const spaced = await db
      .select({ username: redditAccounts.username, subreddit: scheduledPosts.subreddit })
      .from(scheduledPosts)
      .innerJoin(redditAccounts, eq(redditAccounts.id, scheduledPosts.redditAccountId))
      .where(and(eq(scheduledPosts.status, 'pending'), like(scheduledPosts.lastError, 'Waiting to keep%')));
    for (const row of spaced) spacedBack.add(postKey(row.username, row.subreddit));
    const [comments] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(scheduledPosts)
      .where(and(isNotNull(scheduledPosts.firstComment), eq(scheduledPosts.firstCommentStatus, 'pending')));
    if ((await pendingPosts(database)) === 0 && comments?.count === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const sent = receipts(reddit.posts, (post) => postKey(post.author, post.subreddit));
  const lost = [...plan.dueByKey.keys()].filter((key) => !sent.count.has(key)).length;
  const lateness = { inAllowance: [] as number[], heldBack: [] as number[], spacedBack: [] as number[] };
  const held = (key: string) => heldBack.has(key) || spacedBack.has(key);
  for (const [key, post] of sent.first)
    lateness[heldBack.has(key) ? 'heldBack' : spacedBack.has(key) ? 'spacedBack' : 'inAllowance'].push(
      post.created_utc * 1000 - plan.dueByKey.get(key)!,
    );
  const received = reddit.posts.map((post) => post.created_utc * 1000);
  const busySeconds = (Math.max(...received) - Math.min(...received)) / 1000;
  console.log(
    `sent to Reddit: ${reddit.posts.length} of ${posts}; statuses ${JSON.stringify(await postStatuses(database))}; ` +
      `${(reddit.posts.length / busySeconds).toFixed(1)} posts/s over ${busySeconds.toFixed(1)} s (due at ${(posts / ((plan.lastDue - plan.firstDue) / 1000)).toFixed(1)}/s on average)`,
  );
  const sortedLateness = [...lateness.inAllowance].sort((a, b) => a - b);
  const p99 = quantile(sortedLateness, 0.99);
  console.log(
    `lateness (Reddit's receipt vs due time, bench clock) of the ${lateness.inAllowance.length} posts neither the allowance nor spacing held back: ` +
      `${spread(lateness.inAllowance)} (target p99 < ${targetP99Ms / 1000} s: ratio ${(p99 / targetP99Ms).toFixed(2)})`,
  );
  console.log(
    lateness.heldBack.length === 0
      ? 'held back by the allowance ("Waiting for Reddit"): none, the allowance never ran short'
      : `held back by the allowance ("Waiting for Reddit", sent when a window had room): ${lateness.heldBack.length} posts, late by ${spread(lateness.heldBack)}`,
  );
  console.log(
    lateness.spacedBack.length === 0
      ? "held back by their account's spacing: none"
      : `held back by their account's spacing (an earlier post of the account went out late): ${lateness.spacedBack.length} posts, ` +
          `late by ${spread(lateness.spacedBack.map((ms) => ms / scale))} in real time`,
  );

  const comments = receipts(reddit.comments, (comment) => comment.postId);
  const commentedPosts = [...plan.commented].map((key) => sent.first.get(key)?.id);
  const once = commentedPosts.filter((id) => id !== undefined && comments.count.get(id) === 1).length;
  console.log(
    `duplicates: posts ${sent.duplicates}, first comments ${comments.duplicates} (must be 0); lost: ${lost} (must be 0); ` +
      `first comments sent once each: ${once} of ${plan.commented.size}, reaching Reddit after their post by ${spread(commentDelays(reddit.comments, reddit.posts))}`,
  );

  // Spacing as a real deployment would see it: the plan's times at full length, plus each post's
  // lateness, which is the senders' own timing (not compressed) unless the allowance or the spacing
  // held the post back (their waits are compressed, so they are scaled back up).
  const timesByAccount = new Map<string, number[]>();
  for (const [key, post] of sent.first) {
    const late = post.created_utc * 1000 - plan.dueByKey.get(key)!;
    const at = (plan.dueByKey.get(key)! - plan.firstDue) / scale + (held(key) ? late / scale : late);
    timesByAccount.set(post.author, [...(timesByAccount.get(post.author) ?? []), at]);
  }
  const rule = {
    gapMs: spacingLimits.minGapMinutes.default * minute,
    maxPerHour: spacingLimits.maxPerHour.default,
  };
  const audit = spacingAudit(timesByAccount, rule);
  const beyondAMinute = audit.shortfalls.filter((ms) => ms >= minute).length;
  console.log(
    `spacing audit (Reddit's receipts per account, in real time): gaps under ${spacingLimits.minGapMinutes.default} min ${audit.gapBreaches}, ` +
      `rolling hours with more than ${rule.maxPerHour} posts ${audit.hourBreaches}, on ${timesByAccount.size} accounts; ` +
      `the worst short by ${(audit.worstShortfallMs / 1000).toFixed(1)} s; short by a minute or more: ${beyondAMinute} (must be 0)`,
  );
  console.log(
    `Reddit allowance ${budget.requests} per ${budget.windowSeconds} s: 429 answers ${reddit.budgetRefusals} (must be 0)`,
  );

  // Calls per post as measured, plus the outcome checks, which come 15 min to 72 h after sending.
  const calls = callsByEndpoint(reddit.apiRequests.slice(requestsBefore));
  const grants = reddit.refreshGrants - grantsBefore;
  const total = Object.values(calls).reduce((sum, n) => sum + n, 0) + grants;
  const perPost = total / Math.max(1, sent.first.size);
  const checks = defaultSenderTimings.outcomeCheckMinutes.length;
  const perHour = (reddit10Minutes.requests * 3600) / reddit10Minutes.windowSeconds;
  console.log(
    `Reddit calls while sending: ${total} for ${sent.first.size} posts and ${reddit.comments.length} comments = ${perPost.toFixed(2)} a post ` +
      `(${JSON.stringify({ ...calls, 'token grants': grants })})`,
  );
  console.log(
    `one client id (${perHour} calls an hour) carries about ${Math.floor(perHour / (perPost + checks))} campaign photo posts an hour ` +
      `(${perPost.toFixed(2)} calls measured + ${checks} outcome checks at one /api/info each), ` +
      `${Math.floor(perHour / (perPost + 2))} when the allowance runs short and only the 15-min and 1-h checks are made`,
  );

  const failed =
    sent.duplicates > 0 ||
    comments.duplicates > 0 ||
    lost > 0 ||
    once !== plan.commented.size ||
    reddit.budgetRefusals > 0 ||
    beyondAMinute > 0 ||
    p99 > targetP99Ms;
  if (failed) process.exitCode = 1;
}
