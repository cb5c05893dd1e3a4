import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer.js';
import { PaymentProviderError, type PaymentGateway } from '../../adapters/stripe/payment-gateway.js';
import type { Database } from '../../db/client.js';
import type { SetupServiceId } from '@app/shared/admin-setup';
import { recordServiceOutcome } from './service-health.repo.js';

/** Records how `work` ends and hands its result or error on unchanged. */
export function watchOutcome<T>(
  db: Database,
  service: SetupServiceId,
  work: Promise<T>,
  describe: (error: unknown) => string | null,
  log?: FastifyBaseLogger,
): Promise<T> {
  return work.then(
    async (value) => {
      await recordServiceOutcome(db, service, 'ok', log);
      return value;
    },
    async (error: unknown) => {
      const reason = describe(error);
      await recordServiceOutcome(db, service, reason === null ? null : { error: reason }, log);
      throw error;
    },
  );
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The mailer, its successes and failures noted for the admin's Setup page. */
export function watchedMailer(mailer: Mailer, db: Database, log: FastifyBaseLogger): Mailer {
  return {
    send: (message) =>
      watchOutcome(
        db,
        'smtp',
        mailer.send(message),
        (error) => `Sending mail failed: ${errorText(error)}`,
        log,
      ),
  };
}

/**
 * The payment gateway with every call noted. Only the provider's own errors count: a bug of ours
 * is not Stripe failing. The method name says which call it was.
 */
export function watchedGateway(
  gateway: PaymentGateway,
  db: Database,
  log: FastifyBaseLogger,
): PaymentGateway {
  return new Proxy(gateway, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        watchOutcome(
          db,
          'stripe',
          Promise.resolve(value.apply(target, args) as unknown),
          (error) =>
            error instanceof PaymentProviderError
              ? `Stripe ${error.kind === 'unavailable' ? 'could not be reached' : 'refused the request'} (${String(key)}): ${error.message}`
              : null,
          log,
        );
    },
  });
}
