import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config.js';

/**
 * What Stripe.js needs for the checkout's card form (Stripe's documented CSP list): its script,
 * its iframes (card fields, 3-D Secure) and its API. Allowed only when payments are configured.
 */
const stripeSources = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * A strict Content-Security-Policy the built app satisfies: scripts only from our origin (no inline),
 * styles may be inline because Radix and the toast library position elements with style attributes.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig) {
  const stripe = config.billing.stripe ? stripeSources : { script: [], frame: [], connect: [] };
  const headers = headersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripe.connect],
        frameSrc: stripe.frame.length > 0 ? stripe.frame : ["'none'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only behind HTTPS: on plain http://localhost it would break every asset request.
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    // Sent per request below: only an answer that travelled over HTTPS may carry it.
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: referrerPolicy },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (cameOverHttps(request, config)) reply.header('strict-transport-security', strictTransportSecurity);
    done();
  });
}

/**
 * The headers helmet sets for these options. They are the same for every answer, so helmet runs
 * once at start-up instead of on every request (@fastify/helmet rebuilds them each time).
 */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let ran = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => (ran = true));
  if (!ran) throw new Error('helmet did not finish synchronously');
  return headers;
}

const strictTransportSecurity = 'max-age=31536000; includeSubDomains';
const referrerPolicy = 'strict-origin-when-cross-origin';

/**
 * Fastify answers a malformed URL (frameworkErrors) before any hook runs, so helmet never sees that
 * reply. It is always a small JSON error, so the strictest policy fits it.
 */
export function headersForHooklessReplies(
  request: FastifyRequest,
  config: AppConfig,
): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': referrerPolicy,
    ...(cameOverHttps(request, config) ? { 'strict-transport-security': strictTransportSecurity } : {}),
  };
}

/**
 * Browsers ignore HSTS on plain HTTP, and a plain-HTTP answer claiming it would be a lie. Behind a
 * trusted proxy its X-Forwarded-Proto tells (request.protocol); without TRUST_PROXY the proxy's
 * headers mean nothing, so an https:// PUBLIC_URL is taken as the promise that users come over HTTPS.
 */
function cameOverHttps(request: FastifyRequest, config: AppConfig): boolean {
  if (request.protocol === 'https') return true;
  return !config.trustProxy && config.secureCookies;
}
