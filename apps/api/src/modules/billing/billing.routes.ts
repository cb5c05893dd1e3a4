import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingConfigResponseSchema,
  billingPortalResponseSchema,
  changePlanRequestSchema,
  changePlanResponseSchema,
  createSubscriptionRequestSchema,
  createSubscriptionResponseSchema,
  paymentLinkRequestSchema,
  paymentLinkResponseSchema,
  subscriptionResponseSchema,
} from '@app/shared/billing';
import type { PaymentGateway } from '../../adapters/stripe/payment-gateway.js';
import type { Database } from '../../db/client.js';
import { currentUserOf, requireUser } from '../../plugins/session.js';
import {
  createPaymentLink,
  createSubscription,
  subscriptionOf,
  type BillingDependencies,
} from './billing.service.js';
import { changePlan, createPortalSession, setCancelAtPeriodEnd } from './subscription-lifecycle.service.js';

/** Calls that take no input: nothing, or `{}`. */
const emptyBody = z.strictObject({}).optional();

export interface BillingRouteOptions {
  db: Database;
  gateway: PaymentGateway | undefined;
  publicUrl: string;
  publishableKey: string | undefined;
}

export async function billingRoutes(app: FastifyInstance, options: BillingRouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = (log: BillingDependencies['log']): BillingDependencies => ({
    db: options.db,
    gateway: options.gateway,
    publicUrl: options.publicUrl,
    log,
  });

  // Public on purpose: the checkout page needs it before anything else, and it holds no secret.
  routes.get(
    '/api/billing/config',
    { schema: { response: { 200: billingConfigResponseSchema } } },
    async () => ({
      configured: Boolean(options.gateway && options.publishableKey),
      publishableKey: options.publishableKey ?? null,
    }),
  );

  routes.post(
    '/api/create-subscription',
    {
      onRequest: requireUser,
      schema: { body: createSubscriptionRequestSchema, response: { 200: createSubscriptionResponseSchema } },
    },
    async (request) => createSubscription(deps(request.log), currentUserOf(request), request.body),
  );

  routes.post(
    '/api/billing/payment-link',
    {
      onRequest: requireUser,
      schema: { body: paymentLinkRequestSchema, response: { 200: paymentLinkResponseSchema } },
    },
    async (request) => createPaymentLink(deps(request.log), currentUserOf(request), request.body.plan),
  );

  routes.get(
    '/api/subscription',
    { onRequest: requireUser, schema: { response: { 200: subscriptionResponseSchema } } },
    async (request) => subscriptionOf(options.db, currentUserOf(request)),
  );

  routes.post(
    '/api/subscription/change',
    {
      onRequest: requireUser,
      schema: { body: changePlanRequestSchema, response: { 200: changePlanResponseSchema } },
    },
    async (request) => changePlan(deps(request.log), currentUserOf(request), request.body.plan),
  );

  // No body is needed; the strict empty object refuses anything sent by mistake.
  for (const [path, cancel] of [
    ['/api/subscription/cancel', true],
    ['/api/subscription/resume', false],
  ] as const) {
    routes.post(
      path,
      { onRequest: requireUser, schema: { body: emptyBody, response: { 200: subscriptionResponseSchema } } },
      async (request) => setCancelAtPeriodEnd(deps(request.log), currentUserOf(request), cancel),
    );
  }

  routes.post(
    '/api/billing/portal',
    { onRequest: requireUser, schema: { body: emptyBody, response: { 200: billingPortalResponseSchema } } },
    async (request) => createPortalSession(deps(request.log), currentUserOf(request)),
  );
}
