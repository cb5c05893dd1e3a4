import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { errorCodes } from '@app/shared/errors';
import { registerPrerenderedPages } from './prerendered-pages.js';
import { registerRoutePreloads } from './route-preloads.js';

const notBuiltMessage =
  'The web app has not been built yet. Run "npm run build" (npm start does it for you).';

function isApiPath(url: string) {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** A page navigation, as opposed to a missing asset such as /assets/app.js. */
function isPageRequest(request: FastifyRequest) {
  const pathname = request.url.split('?')[0] ?? '/';
  return (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname);
}

/**
 * Serves the built SPA: hashed assets with long caching, the prerendered visitors' pages, the app's
 * routes as index.html naming the chunks they need (route-preloads.ts), and index.html (never
 * cached) for every other page path so client-side routes work on reload.
 * Unknown /api paths answer a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string, publicUrl: string) {
  const indexHtml = path.join(webDistDir, 'index.html');
  const built = existsSync(indexHtml);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (vite.config.ts); the one the browser
      // accepts is sent with Content-Encoding and Vary: Accept-Encoding, the plain file otherwise.
      preCompressed: true,
      // Served by their own routes, with the public origin filled in (prerendered-pages.ts).
      globIgnore: ['prerendered/**'],
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const linkPages = registerPrerenderedPages(app, webDistDir, publicUrl);
    registerRoutePreloads(app, webDistDir, linkPages);
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (!isApiPath(request.url) && isPageRequest(request)) {
      if (!built) return reply.status(503).send({ message: notBuiltMessage, code: errorCodes.unavailable });
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({
      message: `Nothing here: ${request.method} ${request.url.split('?')[0]} does not exist.`,
      code: errorCodes.notFound,
    });
  });
}
