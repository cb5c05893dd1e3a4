import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Brotli or gzip for API answers of 1 KB and more, as the browser accepts (Vary: Accept-Encoding).
 * `npm run bench -- compression` measured that it pays: a page of 50 gallery items shrinks from
 * 43 KB to 8 KB, which saves a phone on slow 4G about 180 ms for about 1 ms of server CPU
 * (docs/performance.md). Quality 4 is the library's default: 11 costs ten times the CPU for a
 * few percent. Answers already encoded (the built web app's .br/.gz files, the communities list's
 * cached bytes) and images (not a compressible type) pass through untouched.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
}
