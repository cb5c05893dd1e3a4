import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import { createOutboxMailer } from './outbox-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The one way the server sends e-mail; tests and other transports implement the same interface. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when SMTP_URL is set, otherwise the development outbox under DATA_DIR/outbox. */
export function createMailer(config: AppConfig, log: FastifyBaseLogger): Mailer {
  if (config.mail.smtpUrl) return createSmtpMailer(config.mail.smtpUrl, config.mail.from);
  if (config.env === 'production') {
    log.warn(
      `SMTP_URL is not set: e-mails are only written to ${config.mail.outboxDir}, nobody receives them`,
    );
  }
  // In production the log is read by operators, not by the account owner: no one-time links there.
  return createOutboxMailer(config.mail.outboxDir, config.mail.from, log, config.env === 'development');
}
