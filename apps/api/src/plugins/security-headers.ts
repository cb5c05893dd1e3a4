import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
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
  await app.register(helmet, {
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
    strictTransportSecurity: config.secureCookies
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}
