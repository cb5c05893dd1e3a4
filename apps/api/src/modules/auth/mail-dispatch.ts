import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from '../../adapters/mail/mailer.js';

export interface MailDispatch {
  /** Hands the message over and returns at once; a failure is logged, never thrown. */
  deliver(message: MailMessage, purpose: string): void;
  /** Waits for messages still being sent (on shutdown, and in tests). */
  drain(): Promise<void>;
}

/**
 * Account mails are sent after the answer, not before: a slow or broken mail server must neither
 * fail a signup (the user can ask for a new link) nor make "we sent you a link" answer slower for
 * existing accounts than for unknown ones.
 */
export function createMailDispatch(mailer: Mailer, log: FastifyBaseLogger): MailDispatch {
  const pending = new Set<Promise<void>>();
  return {
    deliver(message, purpose) {
      const sending = mailer
        .send(message)
        .catch((error: unknown) => {
          // The message itself carries a one-time link, so only the purpose and the error are logged.
          log.error(
            { err: error, mailPurpose: purpose },
            `Could not send the ${purpose} mail; the user can ask for a new one`,
          );
        })
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async drain() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
