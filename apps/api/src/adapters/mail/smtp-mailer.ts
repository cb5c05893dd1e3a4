import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.js';

/**
 * Delivers through the SMTP server in SMTP_URL (smtp:// upgrades with STARTTLS when offered,
 * smtps:// is TLS from the start). nodemailer reads extra options from the URL's query, e.g.
 * ?ignoreTLS=true for a plain relay on localhost.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // A mail server that hangs must not keep requests or shutdown waiting for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
