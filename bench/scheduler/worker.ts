// One sender process for bench/scheduler.ts: the production startJobs on DATABASE_URL, with the
// Reddit endpoints pointed at the bench's stand-in. Stops on SIGTERM.
import pino from 'pino';
import { loadConfig } from '../../apps/api/src/config.js';
import { openDatabase } from '../../apps/api/src/db/client.js';
import { startJobs } from '../../apps/api/src/jobs/start-jobs.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl });
// The campaign bench runs Reddit faster (BENCH_MINUTE_MS of bench per minute): an account's spacing too.
const minuteMs = Number(process.env.BENCH_MINUTE_MS ?? 60_000);
const jobs = await startJobs(
  { database, config, log: pino({ level: 'silent' }) },
  { senderTimings: { spacingMinuteMs: minuteMs } },
);
process.send?.('ready');
const stop = () => {
  void jobs
    .stop()
    .then(() => database.close())
    .finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
// The bench died (e.g. killed by a timeout): do not outlive it.
process.on('disconnect', stop);
