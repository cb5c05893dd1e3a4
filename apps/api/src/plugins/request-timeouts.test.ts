import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';

/**
 * docs/decisions/022-hostile-input.md: five connections sending a byte every 20 s stayed open for minutes. The
 * limits here are a second so the test runs quickly; production defaults are in config.ts.
 */
describe('connections that trickle a request in', () => {
  let testApp: TestApp;
  let port: number;

  beforeAll(async () => {
    testApp = await buildTestApp('pglite', {
      HEADERS_TIMEOUT_MS: '1000',
      BODY_IDLE_TIMEOUT_MS: '1000',
      STRIPE_WEBHOOK_SECRET: 'whsec_timeouts0123456789',
    });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    port = (testApp.app.server.address() as AddressInfo).port;
  });
  afterAll(() => testApp?.close());

  /** Opens a connection, runs `talk` on it, and reports what came back and whether the server closed it. */
  function converse(talk: (socket: net.Socket) => Promise<void>, waitMs: number) {
    return new Promise<{ closedByServer: boolean; received: string; afterMs: number }>((resolve, reject) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      let settled = false;
      const settle = (closedByServer: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(giveUp);
        socket.destroy();
        resolve({ closedByServer, received, afterMs: Date.now() - started });
      };
      const giveUp = setTimeout(() => settle(false), waitMs);
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => settle(true));
      socket.on('error', () => settle(true));
      socket.on('connect', () => talk(socket).catch(reject));
    });
  }

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Writes `text` a byte at a time, `everyMs` apart, while the socket is open. */
  async function trickle(socket: net.Socket, text: string, everyMs: number) {
    for (const char of text) {
      if (socket.destroyed) return;
      socket.write(char);
      await pause(everyMs);
    }
  }

  it('closes a connection whose headers never finish, however steadily they trickle', async () => {
    const result = await converse(
      (socket) =>
        trickle(socket, `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ${'a'.repeat(100)}`, 150),
      8_000,
    );
    expect(result.closedByServer).toBe(true);
    expect(result.received).toContain('408');
  });

  it('closes a connection whose body stops arriving', async () => {
    const result = await converse(async (socket) => {
      socket.write(
        'POST /api/stripe/webhook HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"id":',
      );
    }, 8_000);
    expect(result.closedByServer).toBe(true);
    expect(result.received).toContain('408');
  });

  it('lets a slow upload through as long as its bytes keep coming, longer than the silence allowed', async () => {
    const body = JSON.stringify({ id: 'evt_slow', padding: 'x'.repeat(20) });
    const result = await converse(async (socket) => {
      socket.write(
        `POST /api/stripe/webhook HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      // About 2.5 s in all, more than twice the 1 s of silence allowed, but never silent for 1 s.
      await trickle(socket, body, 2_500 / body.length);
    }, 10_000);
    expect(result.afterMs).toBeGreaterThan(2_000);
    // The webhook read the whole body and answered for itself: the signature is missing.
    expect(result.received).toMatch(/^HTTP\/1\.1 400/);
    expect(result.received).not.toContain('408');
  });

  it('still serves an ordinary request on the same server', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
  });
});
