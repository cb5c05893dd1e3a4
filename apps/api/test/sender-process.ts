// A separate server process that only runs the job queue (as server.ts does), for tests that kill
// it mid-send. Environment as for the server; it says 'ready' over IPC once its queue runs.
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { startJobs } from '../src/jobs/start-jobs.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl });
await startJobs({ database, config, log: pino({ level: 'silent' }) });
process.send?.('ready');
// Exit with the test run: a parent that dies must not leave this process behind.
process.on('disconnect', () => process.exit(0));
