import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app.js';

// Compression does not depend on the database: PGlite is enough.
describe('compressed API answers', () => {
  const testApp = useTestApp('pglite');
  const large = '/api/openapi.json';

  it('sends a large JSON answer as brotli or gzip, as accepted, with Vary: Accept-Encoding', async () => {
    const plain = await testApp.app().inject({ method: 'GET', url: large });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await testApp
      .app()
      .inject({ method: 'GET', url: large, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await testApp
      .app()
      .inject({ method: 'GET', url: large, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers and clients that accept nothing alone', async () => {
    const small = await testApp
      .app()
      .inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();

    const identity = await testApp
      .app()
      .inject({ method: 'GET', url: large, headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toHaveProperty('openapi');
  });
});
