import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.js';

/**
 * Development transport, used when no SMTP_URL is configured: every message becomes an .eml file
 * (open it with any mail client) in the outbox directory.
 */
export function createOutboxMailer(
  outboxDir: string,
  from: string,
  log: FastifyBaseLogger,
  logLinks = true,
): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      // Logging a one-time link is acceptable only here: the outbox is for development, where nobody
      // receives real mail and the person at the terminal is the account owner. SMTP never logs links.
      const link = logLinks ? message.text.match(/https?:\/\/\S+/)?.[0] : undefined;
      log.info(
        { mailTo: message.to, file },
        `Mail "${message.subject}" written to the outbox${link ? `; link: ${link}` : ''}`,
      );
    },
  };
}
