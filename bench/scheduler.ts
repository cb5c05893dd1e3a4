// The post sender at scale: two sender processes (the production startJobs) on one PostgreSQL
// database, sending to a Reddit stand-in on loopback. Prints lateness after the due time (as Reddit
// received each post), duplicates and lost posts.
//
// Text posts (default): 10,000 due within a minute for 100 accounts; also throughput.
//   SCHEDULER_POSTS=10000  SCHEDULER_WINDOW_MS=60000 (0: all due at once, raw capacity)
//   SCHEDULER_SUBMIT_LATENCY_MS=0 (added to every /api/submit)
// Campaigns (SCHEDULER_CAMPAIGNS=200): 200 creators × 30 subreddits of photo posts, each with its
// own protected copy made first, and one first comment per creator; the plan's times compressed
// (SCHEDULER_MINUTE_MS=500 of bench per minute, with Reddit's allowance window and token lifetime
// compressed alike); also the spacing audit, 429s, Reddit calls per post and posts an hour per
// client id. SCHEDULER_PHOTO_WIDTH=320 (the source photos).
// Both:
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a PostgreSQL server; default postgres://postgres@127.0.0.1:5432/postgres
//   SCHEDULER_WORKERS=2 (sender processes)  POST_SENDER_CONCURRENCY=8 (sends in flight per process)
//   SCHEDULER_REDDIT_BUDGET=requests/seconds: the stand-in enforces it (429 past it) and the senders are
//   told the same allowance (text posts: none when unset; campaigns: Reddit's 1000/600 s compressed).
import { campaignsBench } from './scheduler/campaigns.js';
import { withSchedulerBench } from './scheduler/harness.js';
import { textPostsBench } from './scheduler/text-posts.js';

await withSchedulerBench(process.env.SCHEDULER_CAMPAIGNS ? campaignsBench : textPostsBench);
