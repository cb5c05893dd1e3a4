import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the stand-in answers the next request:
 * - ok: as Stripe would
 * - error500: HTTP 500 with a Stripe api_error body (the SDK retries once, so queue two for a failure)
 * - unauthorized: 401 as for a revoked key
 */
export type StripeAnswer = 'ok' | 'error500' | 'unauthorized';

export interface RecordedStripeRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
}

type StripeObject = Record<string, unknown> & { id: string };

/**
 * A real HTTP server on 127.0.0.1 speaking the parts of Stripe's REST API (version 2026-10-28)
 * that the official `stripe` SDK calls for billing: customers search/create, prices list/create,
 * customers delete, subscriptions create, retrieve (with latest_invoice.confirmation_secret expanded),
 * update (item price with proration, pending_if_incomplete, cancel_at_period_end, metadata) and cancel,
 * invoice payments list (by payment intent, invoice expandable), checkout sessions and billing portal
 * sessions create. Requests are form-encoded like Stripe's; answers and errors are Stripe-shaped.
 */
export class StripeStandIn {
  readonly secretKey = `sk_test_standin${randomBytes(8).toString('hex')}`;
  readonly requests: RecordedStripeRequest[] = [];
  readonly customers = new Map<string, StripeObject>();
  readonly prices = new Map<string, StripeObject>();
  readonly subscriptions = new Map<string, StripeObject>();
  readonly sessions = new Map<string, StripeObject>();
  readonly portalSessions = new Map<string, StripeObject>();
  readonly invoices = new Map<string, StripeObject>();
  readonly invoicePayments = new Map<string, StripeObject>();
  /** When true, the next prorated invoice of a plan change is declined (Stripe then keeps a pending_update). */
  declineNextProration = false;
  private readonly idempotent = new Map<string, StripeObject>();
  private readonly queued: StripeAnswer[] = [];
  private counter = 0;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<StripeStandIn> {
    const server = createServer();
    const standIn = new StripeStandIn(server);
    server.on('request', (request, response) => {
      standIn.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent)
          response
            .writeHead(500)
            .end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  /** For STRIPE_API_BASE. */
  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  answerNext(...answers: StripeAnswer[]) {
    this.queued.push(...answers);
  }

  requestsTo(method: string, path: string) {
    return this.requests.filter((request) => request.method === method && request.path === path);
  }

  /** The PaymentIntent that pays (or paid) the subscription's latest invoice: what a charge.refunded refers to. */
  latestPaymentIntentOf(subscriptionId: string): string {
    const invoice = this.subscriptions.get(subscriptionId)?.latest_invoice as StripeObject | undefined;
    const payment = [...this.invoicePayments.values()].find((candidate) => candidate.invoice === invoice?.id);
    return (payment?.payment as { payment_intent: string }).payment_intent;
  }

  /** What Stripe does once the card pays the latest invoice (the browser's part, in tests). */
  payLatestInvoice(subscriptionId: string) {
    const subscription = this.subscriptions.get(subscriptionId)!;
    this.markPaid(subscription.latest_invoice as StripeObject);
    subscription.status = 'active';
  }

  async close() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private nextId(prefix: string) {
    this.counter += 1;
    return `${prefix}_standin${String(this.counter).padStart(6, '0')}${randomBytes(3).toString('hex')}`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const method = request.method ?? 'GET';
    const body = parseForm(Buffer.concat(chunks).toString('utf8'));
    const query = parseForm(url.search.slice(1));
    const idempotencyKey = headerOf(request, 'idempotency-key');
    this.requests.push({ method, path: url.pathname, query, body, idempotencyKey });

    const send = (status: number, payload: object) =>
      response
        .writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${this.counter}` })
        .end(JSON.stringify(payload));
    const fail = (status: number, type: string, message: string, extra: object = {}) =>
      send(status, { error: { type, message, ...extra } });

    if (request.headers.authorization !== `Bearer ${this.secretKey}`) {
      return fail(401, 'invalid_request_error', 'Invalid API Key provided: sk_test_****');
    }
    const answer = this.queued.shift() ?? 'ok';
    if (answer === 'error500') return fail(500, 'api_error', 'An unknown error occurred');
    if (answer === 'unauthorized')
      return fail(401, 'invalid_request_error', 'Expired API Key provided: sk_test_****');

    if (idempotencyKey && method === 'POST') {
      const earlier = this.idempotent.get(idempotencyKey);
      if (earlier) return send(200, earlier);
    }
    const answered = this.route(method, url.pathname, body, query);
    if ('error' in answered)
      return fail(answered.status, 'invalid_request_error', answered.error, { code: answered.code });
    if (idempotencyKey && method === 'POST') this.idempotent.set(idempotencyKey, answered.object);
    return send(200, answered.object);
  }

  private route(
    method: string,
    path: string,
    body: Record<string, unknown>,
    query: Record<string, unknown>,
  ): { object: StripeObject } | { status: number; error: string; code: string } {
    const missing = (what: string, id: string) => ({
      status: 404,
      error: `No such ${what}: '${id}'`,
      code: 'resource_missing',
    });
    if (method === 'GET' && path === '/v1/customers/search') {
      const match = /^metadata\['userId'\]:'([^']+)'$/.exec(String(query.query ?? ''));
      const data = [...this.customers.values()].filter(
        (customer) => (customer.metadata as Record<string, string>).userId === match?.[1],
      );
      return {
        object: { id: 'search', object: 'search_result', url: path, has_more: false, next_page: null, data },
      };
    }
    const customerPath = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && customerPath) {
      const id = customerPath[1]!;
      if (!this.customers.delete(id)) return missing('customer', id);
      // As Stripe does: deleting a customer ends its subscriptions at once.
      for (const subscription of this.subscriptions.values()) {
        if (subscription.customer === id && subscription.status !== 'canceled') {
          Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
        }
      }
      return { object: { id, object: 'customer', deleted: true } };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: this.nextId('cus'),
        object: 'customer',
        email: body.email ?? null,
        metadata: body.metadata ?? {},
        created: now(),
      };
      this.customers.set(customer.id, customer);
      return { object: customer };
    }
    if (method === 'GET' && path === '/v1/prices') {
      const keys = Object.values((query.lookup_keys as Record<string, string>) ?? {});
      const data = [...this.prices.values()].filter(
        (price) => price.active && keys.includes(String(price.lookup_key)),
      );
      return { object: { id: 'list', object: 'list', url: path, has_more: false, data } };
    }
    if (method === 'POST' && path === '/v1/prices') return { object: this.createPrice(body) };
    if (method === 'POST' && path === '/v1/subscriptions') {
      const items = Object.values((body.items as Record<string, { price: string }>) ?? {});
      const price = this.prices.get(items[0]?.price ?? '');
      if (!price) return missing('price', items[0]?.price ?? '');
      if (!this.customers.has(String(body.customer))) return missing('customer', String(body.customer));
      return {
        object: this.createSubscription(
          String(body.customer),
          price,
          (body.metadata as Record<string, string>) ?? {},
          body,
        ),
      };
    }
    const one = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && one) {
      const subscription = this.subscriptions.get(one[1]!);
      if (!subscription) return missing('subscription', one[1]!);
      return { object: expanded(subscription, query.expand) };
    }
    if (method === 'POST' && one) {
      const subscription = this.subscriptions.get(one[1]!);
      if (!subscription) return missing('subscription', one[1]!);
      if (subscription.status === 'canceled') {
        return {
          status: 400,
          error: 'A canceled subscription can only update its cancellation_details and metadata.',
          code: 'parameter_invalid',
        };
      }
      const changed = this.updateSubscription(subscription, body);
      return 'error' in changed ? changed : { object: expanded(subscription, body.expand) };
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const payment = (query.payment as Record<string, string> | undefined) ?? {};
      const data = [...this.invoicePayments.values()]
        .filter(
          (candidate) =>
            (candidate.payment as Record<string, string>).payment_intent === payment.payment_intent,
        )
        .map((candidate) =>
          Object.values((query.expand as Record<string, string>) ?? {}).includes('data.invoice')
            ? { ...candidate, invoice: this.invoiceById(String(candidate.invoice)) }
            : candidate,
        );
      return { object: { id: 'list', object: 'list', url: path, has_more: false, data } };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!this.customers.has(String(body.customer))) return missing('customer', String(body.customer));
      const id = this.nextId('bps');
      const session = {
        id,
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url ?? null,
        created: now(),
        livemode: false,
        url: `https://billing.stripe.com/p/session/test_${id}`,
      };
      this.portalSessions.set(id, session);
      return { object: session };
    }
    const cancel = one;
    if (method === 'DELETE' && cancel) {
      const subscription = this.subscriptions.get(cancel[1]!);
      if (!subscription) return missing('subscription', cancel[1]!);
      if (subscription.status === 'canceled') {
        return {
          status: 400,
          error: `This subscription has already been canceled: ${cancel[1]}`,
          code: 'resource_missing',
        };
      }
      Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
      return { object: subscription };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = this.nextId('cs_test');
      const session = {
        id,
        object: 'checkout.session',
        mode: body.mode,
        customer: body.customer,
        client_reference_id: body.client_reference_id ?? null,
        line_items: body.line_items,
        metadata: body.metadata ?? {},
        subscription_data: body.subscription_data,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        status: 'open',
        url: `https://checkout.stripe.com/c/pay/${id}`,
      };
      this.sessions.set(id, session);
      return { object: session };
    }
    return { status: 404, error: `Unrecognized request URL (${method}: ${path}).`, code: 'resource_missing' };
  }

  /**
   * As Stripe's update: a new price on the item with `always_invoice` invoices the prorated
   * difference at once; with `pending_if_incomplete` a declined invoice leaves the items as they
   * were and records a pending_update instead.
   */
  private updateSubscription(
    subscription: StripeObject,
    body: Record<string, unknown>,
  ): { ok: true } | { status: number; error: string; code: string } {
    const items = subscription.items as { data: Array<Record<string, unknown>> };
    const wanted = Object.values((body.items as Record<string, { id?: string; price?: string }>) ?? {})[0];
    if (wanted) {
      const item = items.data.find((candidate) => candidate.id === wanted.id);
      if (!item)
        return { status: 400, error: `Invalid subscription_item: ${wanted.id}`, code: 'resource_missing' };
      const price = this.prices.get(wanted.price ?? '');
      if (!price) return { status: 400, error: `No such price: '${wanted.price}'`, code: 'resource_missing' };
      const oldAmount = Number((item.price as StripeObject).unit_amount);
      if (body.proration_behavior === 'always_invoice') {
        const declined = this.declineNextProration;
        this.declineNextProration = false;
        const metadata = (subscription.metadata as Record<string, string>) ?? {};
        const invoice = this.createInvoice(
          String(subscription.customer),
          subscription.id,
          metadata,
          Number(price.unit_amount) - oldAmount,
          String(price.currency),
        );
        subscription.latest_invoice = invoice;
        if (declined && body.payment_behavior === 'pending_if_incomplete') {
          subscription.pending_update = {
            expires_at: now() + 23 * 3600,
            subscription_items: [{ ...item, price }],
          };
          return { ok: true };
        }
        this.markPaid(invoice);
      }
      item.price = price;
    }
    if (body.metadata)
      subscription.metadata = { ...(subscription.metadata as object), ...(body.metadata as object) };
    if (body.cancel_at_period_end !== undefined)
      subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
    // Stripe's form encoding sends an empty string to unset a field.
    if (body.cancel_at !== undefined)
      subscription.cancel_at = body.cancel_at === '' ? null : Number(body.cancel_at);
    return { ok: true };
  }

  /** An invoice with its PaymentIntent and the invoice payment that links them (API version 2025-03-31 on). */
  private createInvoice(
    customer: string,
    subscriptionId: string,
    metadata: Record<string, string>,
    amount: number,
    currency: string,
  ) {
    const invoiceId = this.nextId('in');
    const paymentIntent = this.nextId('pi');
    const invoice: StripeObject = {
      id: invoiceId,
      object: 'invoice',
      customer,
      status: 'open',
      amount_due: amount,
      amount_paid: 0,
      currency,
      confirmation_secret: {
        client_secret: `${paymentIntent}_secret_${randomBytes(8).toString('hex')}`,
        type: 'payment_intent',
      },
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscriptionId, metadata: { ...metadata } },
      },
    };
    this.invoices.set(invoiceId, invoice);
    const paymentId = this.nextId('inpay');
    this.invoicePayments.set(paymentId, {
      id: paymentId,
      object: 'invoice_payment',
      invoice: invoiceId,
      is_default: true,
      amount_requested: amount,
      amount_paid: null,
      currency,
      status: 'open',
      payment: { type: 'payment_intent', payment_intent: paymentIntent },
    });
    return invoice;
  }

  private markPaid(invoice: StripeObject) {
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due });
    for (const payment of this.invoicePayments.values()) {
      if (payment.invoice === invoice.id)
        Object.assign(payment, { status: 'paid', amount_paid: invoice.amount_due });
    }
  }

  private invoiceById(id: string): StripeObject {
    return this.invoices.get(id) ?? { id, object: 'invoice', deleted: true };
  }

  private createPrice(body: Record<string, unknown>): StripeObject {
    const lookupKey = body.lookup_key as string | undefined;
    if (lookupKey && body.transfer_lookup_key === 'true') {
      for (const price of this.prices.values()) if (price.lookup_key === lookupKey) price.lookup_key = null;
    }
    const price = {
      id: this.nextId('price'),
      object: 'price',
      active: true,
      currency: body.currency,
      unit_amount: Number(body.unit_amount),
      recurring: { interval: (body.recurring as { interval: string }).interval, interval_count: 1 },
      lookup_key: lookupKey ?? null,
      product: this.nextId('prod'),
      metadata: body.metadata ?? {},
      type: 'recurring',
    };
    this.prices.set(price.id, price);
    return price;
  }

  private createSubscription(
    customer: string,
    price: StripeObject,
    metadata: Record<string, string>,
    body: Record<string, unknown>,
  ) {
    const id = this.nextId('sub');
    const start = now();
    const periodEnd = start + 30 * 24 * 3600;
    const invoice = this.createInvoice(
      customer,
      id,
      metadata,
      Number(price.unit_amount),
      String(price.currency),
    );
    const subscription: StripeObject = {
      id,
      object: 'subscription',
      customer,
      status: 'incomplete',
      metadata,
      created: start,
      payment_behavior: body.payment_behavior,
      cancel_at_period_end: false,
      cancel_at: null,
      pending_update: null,
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
        data: [
          {
            id: this.nextId('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: periodEnd,
          },
        ],
      },
      latest_invoice: invoice,
    };
    this.subscriptions.set(id, subscription);
    return expanded(subscription, body.expand);
  }
}

/** Like Stripe: the invoice is only an id unless expanded, and its secret only when asked for. */
function expanded(subscription: StripeObject, expandParameter: unknown): StripeObject {
  const expand = Object.values((expandParameter as Record<string, string>) ?? {});
  const invoice = subscription.latest_invoice as StripeObject;
  if (!expand.some((path) => path.startsWith('latest_invoice')))
    return { ...subscription, latest_invoice: invoice.id };
  if (!expand.includes('latest_invoice.confirmation_secret')) {
    return { ...subscription, latest_invoice: { ...invoice, confirmation_secret: undefined } };
  }
  return subscription;
}

function now() {
  return Math.floor(Date.now() / 1000);
}

function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Stripe's form encoding: `items[0][price]=p&metadata[userId]=u` becomes nested objects. */
export function parseForm(text: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node = result;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return result;
}
