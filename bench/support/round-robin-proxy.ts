// A tiny load balancer on loopback: each request goes to the next backend in turn. Bodies are
// streamed both ways and every response header (Set-Cookie included) is passed on untouched, so
// a client cannot tell one process from two. A backend that refuses the connection (restarting)
// is skipped: nothing was sent to it yet, so trying the next one cannot run a request twice; a GET
// whose connection broke before any answer is tried on the next one too (GETs change nothing).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  port: number;
  /** Requests each backend answered, by backend index. */
  served: number[];
  close(): Promise<void>;
}

const retryCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

export async function startRoundRobinProxy(
  backendPorts: number[],
  options: { port?: number } = {},
): Promise<RoundRobinProxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const served = backendPorts.map(() => 0);
  let next = 0;

  const server = http.createServer((request, response) => {
    const first = next++ % backendPorts.length;
    const idempotent = request.method === 'GET' || request.method === 'HEAD';
    const attempt = (tries: number) => {
      const index = (first + tries) % backendPorts.length;
      let sentBody = false;
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: backendPorts[index],
          method: request.method,
          path: request.url,
          headers: request.headers,
          agent,
        },
        (answer) => {
          served[index]!++;
          response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
          answer.pipe(response);
          answer.on('error', () => response.destroy());
        },
      );
      upstream.on('socket', (socket) => {
        // Only once the connection is up does the body leave; before that a refusal is safe to retry.
        const pipeBody = () => {
          sentBody = true;
          // A retried GET: its (empty) body was read by the first attempt already.
          if (request.readableEnded) upstream.end();
          else request.pipe(upstream);
        };
        if (socket.connecting) socket.once('connect', pipeBody);
        else pipeBody();
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        // As a load balancer does: a refused connection, or a reused keep-alive connection the backend
        // closed under a GET (a process shutting down), goes to the next backend.
        const retryable = !sentBody || (idempotent && !response.headersSent);
        if (retryable && retryCodes.has(error.code ?? '') && tries + 1 < backendPorts.length)
          return attempt(tries + 1);
        if (response.headersSent) return response.destroy();
        response.writeHead(502, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ message: 'No server could answer. Try again shortly.', code: 'BAD_GATEWAY' }),
        );
      });
    };
    attempt(0);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
