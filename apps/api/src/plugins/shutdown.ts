import type { FastifyInstance } from 'fastify';

/**
 * While closing, Node waits for keep-alive connections to go idle and time out (Fastify's default
 * is 72 s). Responses finished during shutdown therefore ask the client to close the connection,
 * so in-flight requests complete and the process exits promptly.
 */
export function closeKeepAliveConnectionsOnShutdown(app: FastifyInstance) {
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (shuttingDown) reply.header('connection', 'close');
  });
}
