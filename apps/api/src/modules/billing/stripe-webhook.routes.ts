import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { billingErrorCodes, billingMessages, webhookResponseSchema } from '@app/shared/billing';
import { errorCodes } from '@app/shared/errors';
import type { PaymentGateway } from '../../adapters/stripe/payment-gateway.js';
import { verifyStripeWebhook, type StripeEvent } from '../../adapters/stripe/stripe-gateway.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { handleStripeEvent } from './stripe-webhook.service.js';

export const stripeWebhookPath = '/api/stripe/webhook';

/**
 * Stripe's webhook. Registered as its own plugin so its body parser (raw bytes, which the
 * signature covers) applies to this route only; CSRF does not apply, the signature does.
 */
export async function stripeWebhookRoutes(
  app: FastifyInstance,
  options: { db: Database; gateway: PaymentGateway | undefined; webhookSecret: string | undefined },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.withTypeProvider<ZodTypeProvider>().post(
    stripeWebhookPath,
    {
      config: { csrf: false },
      schema: {
        headers: z.object({ 'stripe-signature': z.string().optional() }),
        body: z.instanceof(Buffer, { message: 'Send the event exactly as Stripe signed it (a JSON body).' }),
        response: { 200: webhookResponseSchema },
      },
    },
    async (request) => {
      if (!options.webhookSecret)
        throw new AppError(503, billingMessages.webhookNotConfigured, billingErrorCodes.notConfigured);
      const signature = request.headers['stripe-signature'];
      if (!signature)
        throw AppError.badRequest(
          billingMessages.webhookSignatureMissing,
          billingErrorCodes.webhookSignature,
        );
      let event: StripeEvent;
      try {
        event = verifyStripeWebhook(request.body, signature, options.webhookSecret);
      } catch (error) {
        request.log.warn(
          { reason: error instanceof Error ? error.message : String(error) },
          'Stripe webhook signature refused',
        );
        throw AppError.badRequest(
          billingMessages.webhookSignatureInvalid,
          billingErrorCodes.webhookSignature,
        );
      }
      if (typeof event.id !== 'string' || typeof event.type !== 'string') {
        throw AppError.badRequest('The event has no id or type.', errorCodes.validation);
      }
      const { duplicate } = await handleStripeEvent(
        { db: options.db, gateway: options.gateway, log: request.log },
        event,
      );
      return { received: true as const, duplicate };
    },
  );
}
