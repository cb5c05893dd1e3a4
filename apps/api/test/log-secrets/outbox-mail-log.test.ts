import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/adapters/mail/mailer.js';
import { passwordResetMail } from '../../src/adapters/mail/templates.js';
import { loadConfig } from '../../src/config.js';
import { findSecretsInLog } from './scan-logs.js';

const link = 'https://studio.example/reset-password?token=reset_0123456789abcdef';

function capturingLogger() {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return { log: log as unknown as FastifyBaseLogger, text: () => lines.join('') };
}

let directories: string[] = [];
afterEach(async () => {
  await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
  directories = [];
});

async function sendThroughOutbox(env: 'production' | 'development') {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'outbox-log-'));
  directories.push(dataDir);
  const { log, text } = capturingLogger();
  await createMailer(loadConfig({ NODE_ENV: env, DATA_DIR: dataDir }), log).send({
    to: 'someone@example.com',
    ...passwordResetMail('someone', link),
  });
  expect(await readdir(path.join(dataDir, 'outbox'))).toHaveLength(1);
  return text();
}

describe('the outbox mailer (no SMTP_URL) and one-time links', () => {
  it('keeps the link out of the log in production, where operators read it', async () => {
    const log = await sendThroughOutbox('production');
    expect(log).toContain('written to the outbox');
    expect(findSecretsInLog(log, [])).toEqual([]);
  });

  it('still logs the link in development, where the reader is the account owner', async () => {
    const log = await sendThroughOutbox('development');
    expect(log).toContain(`link: ${link}`);
    expect(findSecretsInLog(log, []).map((finding) => finding.kind)).toContain('secret in a URL query');
  });
});
