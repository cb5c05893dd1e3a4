import type { ServerOptions } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';

/**
 * Server options against clients that trickle a request in to hold connections open (docs/decisions/022-hostile-input.md,
 * finding 7): all headers within `headersMs`, a whole request within `requestMs`. Node checks
 * these every `connectionsCheckingInterval`, so that is kept well below the headers limit.
 */
export function requestTimeoutOptions({ timeouts }: AppConfig): {
  requestTimeout: number;
  http: ServerOptions;
} {
  return {
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.floor(timeouts.headersMs / 4))),
    },
  };
}

const requestTimeoutAnswer = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/**
 * Cuts a request whose body stops arriving for `bodyIdleMs`. The limit is on silence, not on
 * length, so a large upload over a slow phone connection goes through as long as bytes keep
 * coming. Once the body is in, the socket's own timers (keep-alive) apply again.
 */
export function cutSilentBodies(app: FastifyInstance, { timeouts }: AppConfig) {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    // Injected requests (tests, light-my-request) have no network socket to time out.
    if (raw.complete || !(raw.socket instanceof Socket)) return done();
    raw.setTimeout(timeouts.bodyIdleMs, () => {
      if (raw.complete) return;
      request.log.info(
        { bodyIdleMs: timeouts.bodyIdleMs },
        'request body stopped arriving; connection closed',
      );
      if (!reply.raw.headersSent) raw.socket.end(requestTimeoutAnswer);
      raw.socket.destroySoon();
    });
    raw.once('end', () => {
      // Only while the answer is still to come: after it, Node has set the keep-alive timer itself.
      if (!reply.raw.writableFinished) raw.setTimeout(0);
    });
    done();
  });
}
