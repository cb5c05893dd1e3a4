import type { FastifyInstance } from 'fastify';
import type { ImageJobScheduler } from '../src/adapters/image/image-job-scheduler.js';
import type { Mailer, MailMessage } from '../src/adapters/mail/mailer.js';
import { buildApp } from '../src/app.js';
import type { JobQueue } from '../src/jobs/queue.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import { createTestDatabase, type TestDbKind } from './db/test-database.js';
import { appendToFile, testLogFile } from './log-secrets/test-log-files.js';

export interface TestApp {
  app: FastifyInstance;
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  config: AppConfig;
  /** The messages the default in-memory mailer was given (empty when SMTP_URL or a mailer was passed). */
  sentMail: MailMessage[];
  close: () => Promise<void>;
}

/**
 * A fully wired server on its own isolated, migrated database. Mail goes to memory unless the
 * environment names an SMTP_URL (e.g. the SMTP stand-in) or a mailer is passed, so tests never
 * write into ./data/outbox.
 */
export async function buildTestApp(
  kind: TestDbKind,
  environment: Record<string, string> = {},
  options: {
    mailer?: Mailer;
    apiKeyMonthlyLimit?: number;
    imageJobs?: ImageJobScheduler;
    /** The queue a test started with startJobs, for routes that queue work. */
    jobQueue?: () => JobQueue | undefined;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  // Within a full run every server logs to a file, which the run's end scans for secrets.
  const logFile = testLogFile('api');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: logFile ? 'info' : 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...environment,
  });
  const sentMail: MailMessage[] = [];
  const memoryMailer: Mailer = { send: async (message) => void sentMail.push(message) };
  const mailer = options.mailer ?? (config.mail.smtpUrl ? undefined : memoryMailer);
  const logDestination = logFile ? appendToFile(logFile) : undefined;
  const app = await buildApp({
    config,
    database,
    mailer,
    apiKeyMonthlyLimit: options.apiKeyMonthlyLimit,
    imageJobs: options.imageJobs,
    jobQueue: options.jobQueue,
    logDestination,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    sentMail,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
