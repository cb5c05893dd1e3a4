import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser } from 'mailparser';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startSmtpStandIn } from '../../../test/stand-ins/smtp.js';
import { createMailer } from './mailer.js';
import { createOutboxMailer } from './outbox-mailer.js';
import { passwordResetMail, verificationMail } from './templates.js';

function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream) as unknown as FastifyBaseLogger, lines };
}

const link = 'https://studio.example/email-verification?token=abc_DEF-123';
const from = 'Creator Studio <no-reply@studio.example>';
let cleanup: string[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((dir) => rm(dir, { recursive: true, force: true })));
  cleanup = [];
});

describe('mail adapter', () => {
  it('the outbox writes each message as an .eml file and logs its link', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    cleanup.push(dir);
    const { log, lines } = capturingLogger();
    const mailer = createOutboxMailer(path.join(dir, 'outbox'), from, log);
    await mailer.send({ to: 'creator@example.com', ...verificationMail('creator', link) });

    const files = await readdir(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const parsed = await simpleParser(await readFile(path.join(dir, 'outbox', files[0]!)));
    expect(parsed.subject).toBe('Confirm your email address for Creator Studio');
    expect(parsed.from?.text).toContain('no-reply@studio.example');
    expect([parsed.to].flat()[0]?.text).toBe('creator@example.com');
    expect(parsed.text).toContain(link);
    expect(String(parsed.html)).toContain(`href="${link}"`);
    expect(lines.join('')).toContain(`link: ${link}`);
  });

  it('uses SMTP when SMTP_URL is set, delivering the same message to the server', async () => {
    const smtp = await startSmtpStandIn();
    try {
      const config = loadConfig({ SMTP_URL: smtp.url, MAIL_FROM: from, DATA_DIR: '/nonexistent-data' });
      const mailer = createMailer(config, capturingLogger().log);
      await mailer.send({ to: 'someone@example.com', ...passwordResetMail('someone', link) });
      const mail = await smtp.waitForMail('someone@example.com');
      expect(mail.subject).toBe('Reset your Creator Studio password');
      expect(mail.from).toContain('no-reply@studio.example');
    } finally {
      await smtp.close();
    }
  });

  it('falls back to the outbox without SMTP_URL, warning about it in production', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'data-'));
    cleanup.push(dir);
    const { log, lines } = capturingLogger();
    const mailer = createMailer(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir }), log);
    expect(lines.join('')).toContain('SMTP_URL is not set');
    await mailer.send({ to: 'a@example.com', ...verificationMail('a', link) });
    expect(await readdir(path.join(dir, 'outbox'))).toHaveLength(1);
  });

  it('templates name the product, carry the link as a button and say what to do if it was not you', () => {
    for (const mail of [verificationMail('<b>eve</b>', link), passwordResetMail('<b>eve</b>', link)]) {
      expect(mail.subject).toContain('Creator Studio');
      expect(mail.text).toContain(link);
      expect(mail.text).toMatch(/If you did not/);
      expect(mail.html).toMatch(/If you did not/);
      expect(mail.html).toContain(`<a href="${link}"`);
      expect(mail.html).toContain('&#60;b&#62;eve&#60;/b&#62;');
      expect(mail.html).not.toContain('<b>eve</b>');
    }
    expect(verificationMail('eve', link).text).toContain('24 hours');
    expect(passwordResetMail('eve', link).text).toContain('1 hour');
  });
});
