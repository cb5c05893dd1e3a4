import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from '../../adapters/mail/mailer.js';

export interface MailDispatch {
  /** Hands the message over and returns at once; a failure is logged, never thrown. */
  deliver(message: MailMessage, purpose: string): void;
  /**
   * Prepares the message after the answer (finds the account, issues its link) and sends it;
   * `prepare` answers null when there is nothing to send. Returns at once, like deliver.
   */
  deliverLater(purpose: string, prepare: () => Promise<MailMessage | null>): void;
  /** Waits for messages still being prepared or sent (on shutdown, and in tests). */
  drain(): Promise<void>;
}

/**
 * Account mails are sent after the answer, not before: a slow or broken mail server must neither
 * fail a signup (the user can ask for a new link) nor make "we sent you a link" answer slower for
 * existing accounts than for unknown ones. deliverLater goes further for answers that must not
 * depend on whether an address has an account: even the look-up happens after the answer.
 */
export function createMailDispatch(mailer: Mailer, log: FastifyBaseLogger): MailDispatch {
  const pending = new Set<Promise<void>>();
  const track = (purpose: string, work: Promise<void>) => {
    const tracked = work
      .catch((error: unknown) => {
        // The message itself carries a one-time link, so only the purpose and the error are logged.
        log.error(
          { err: error, mailPurpose: purpose },
          `Could not send the ${purpose} mail; the user can ask for a new one`,
        );
      })
      .finally(() => pending.delete(tracked));
    pending.add(tracked);
  };
  return {
    deliver(message, purpose) {
      track(purpose, mailer.send(message));
    },
    deliverLater(purpose, prepare) {
      // setImmediate: the handler's answer is on its way before the preparation's first query.
      const afterAnswer = new Promise<void>((resolve) => setImmediate(resolve));
      track(
        purpose,
        afterAnswer.then(prepare).then((message) => (message ? mailer.send(message) : undefined)),
      );
    },
    async drain() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
