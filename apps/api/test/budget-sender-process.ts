// A separate server process that only drains due posts, for the test that two processes on one
// database share one Reddit allowance. Environment as for the server, plus BUDGET_TEST_USER_ID (whose
// posts it waits for). Says 'ready' over IPC, starts on 'go', answers { counts } when none is pending.
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { createMediaStorage } from '../src/adapters/storage/create-media-storage.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { scheduledPosts } from '../src/db/schema/index.js';
import { drainDuePosts } from '../src/modules/posts/post-sending.service.js';
import { createRedditPosting } from '../src/modules/reddit/reddit-posting-context.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl });
const deps = {
  db: database.db,
  posting: await createRedditPosting(database.db, config),
  storage: createMediaStorage(config.media),
  log: pino({ level: 'silent' }),
  concurrency: 4,
};
const userId = process.env.BUDGET_TEST_USER_ID!;
const pending = () =>
  database.db.$count(
    scheduledPosts,
    and(eq(scheduledPosts.userId, userId), eq(scheduledPosts.status, 'pending')),
  );

process.on('message', async (message) => {
  if (message !== 'go') return;
  const counts: Record<string, number> = {};
  const deadline = Date.now() + 60_000;
  while ((await pending()) > 0 && Date.now() < deadline) {
    for (const [result, n] of Object.entries(await drainDuePosts(deps)))
      counts[result] = (counts[result] ?? 0) + n;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.send?.({ counts });
});
process.send?.('ready');
// Exit with the test run: a parent that dies must not leave this process behind.
process.on('disconnect', () => process.exit(0));
