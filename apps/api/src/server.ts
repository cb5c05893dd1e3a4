import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { refreshEmbeddedStatistics } from './db/embedded-maintenance.js';
import { seedCommunities } from './db/seed/seed-communities.js';
import { startJobs } from './jobs/start-jobs.js';
import { sweepStaleUploads } from './modules/media/stale-uploads.js';
import {
  AdminBootstrapError,
  describeAdminOutcome,
  ensureAdmin,
} from './modules/auth/admin-bootstrap.service.js';

const shutdownGraceMs = 10_000;

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: config.pgliteDataDir,
    poolSize: config.databasePoolSize,
  });
  await migrateDatabase(database);
  await seedCommunities(database);
  await refreshEmbeddedStatistics(database);
  const started: { jobs?: Awaited<ReturnType<typeof startJobs>> } = {};
  // Jobs start after the app is built; routes that queue work look the queue up when they run.
  const app = await buildApp({ config, database, jobQueue: () => started.jobs?.queue });
  if (config.admin) {
    const { outcome } = await ensureAdmin(database.db, config.admin, 'environment');
    app.log.info(describeAdminOutcome(outcome, config.admin.email));
  }
  const jobs = await startJobs({ database, config, log: app.log });
  started.jobs = jobs;
  const staleUploads = await sweepStaleUploads(config.media.tempDir);
  if (staleUploads > 0)
    app.log.info(`removed ${staleUploads} unfinished upload file(s) left by an earlier run`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    // A stuck request must not keep the process alive forever.
    setTimeout(() => process.exit(1), shutdownGraceMs).unref();
    // Each step's time is logged: a shutdown that runs into the grace period says where it waited.
    const step = async (name: string, run: () => Promise<unknown>) => {
      const started = performance.now();
      await run();
      app.log.info({ step: name, ms: Math.round(performance.now() - started) }, 'shutdown step finished');
    };
    await step('http', () => app.close());
    await step('jobs', () => jobs.stop());
    await step('database', () => database.close());
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Creator Studio is ready on ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof AdminBootstrapError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
