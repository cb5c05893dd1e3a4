import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieName } from '../modules/auth/session-token.js';
import { encodePage, type LinkPage, type Page, sendPage } from './prerendered-pages.js';

/** Written by scripts/prerender.mjs: the chunks of the signed-in shell and of each route's page. */
const preloadsFile = 'prerendered/route-preloads.json';

/** A signed-in page's heading as HTML (decision 056), and its title. */
interface SignedInFrame {
  titleHtml: string;
  body: string;
}

interface RoutePreloads {
  shell: string[];
  routes: { path: string; signedIn: boolean; page: string[]; frame?: SignedInFrame }[];
}

/**
 * The query a mailed link carries: its one parameter, set. Anything else (no token, or a result such
 * as ?verified=true beside it) draws another state of the page than the prerendered one.
 */
function isLinkQuery(query: unknown, param: string): boolean {
  const entries = Object.entries((query ?? {}) as Record<string, unknown>);
  return (
    entries.length === 1 &&
    entries[0]![0] === param &&
    typeof entries[0]![1] === 'string' &&
    entries[0]![1] !== ''
  );
}

const hasSessionCookie = (request: FastifyRequest) =>
  (request.headers.cookie ?? '').split(';').some((part) => part.trim().startsWith(`${sessionCookieName}=`));

/**
 * index.html for the app's other routes, naming in its head the chunks the route will need, so the
 * browser fetches them beside the entry rather than one after another (entry, then the signed-in
 * shell once the session is known, then the page). A request with a session cookie also gets the
 * shell's chunks; without one, a signed-in-only route gets nothing extra (the visitor is sent to /)
 * and a public one its page's. Whether the cookie is valid does not matter here: the app still
 * asks who is signed in, and a stale cookie costs only the early download.
 */
export function registerRoutePreloads(
  app: FastifyInstance,
  webDistDir: string,
  linkPages: ReadonlyMap<string, LinkPage> = new Map(),
) {
  const file = path.join(webDistDir, preloadsFile);
  if (!existsSync(file)) return;
  const preloads = JSON.parse(readFileSync(file, 'utf8')) as RoutePreloads;
  const indexHtml = readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  // The entry's own chunks are already in index.html.
  const named = new Set([...indexHtml.matchAll(/href="\/(assets\/[^"]+)"/g)].map((match) => match[1]));
  const withPreloads = (files: string[], frame?: SignedInFrame): Page => {
    const links = [...new Set(files)]
      .filter((chunk) => !named.has(chunk))
      .map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk}">`)
      .join('\n    ');
    let html = links ? indexHtml.replace('</head>', `  ${links}\n  </head>`) : indexHtml;
    if (frame)
      html = html
        .replace(/<title>.*?<\/title>/s, () => `<title>${frame.titleHtml}</title>`)
        .replace('<div id="root"></div>', () => `<div id="root" data-signed-in-frame>${frame.body}</div>`);
    return encodePage(html);
  };
  for (const route of preloads.routes) {
    // Only a request with a session cookie gets the frame: a visitor is sent elsewhere or sees the
    // visitor's version of the page, which the frame would not match.
    const signedIn = withPreloads([...preloads.shell, ...route.page], route.frame);
    const visitor = withPreloads(route.signedIn ? [] : route.page);
    // Opened from a mailed link, the page arrives prerendered (prerendered-pages.ts), signed in or not.
    const linkPage = linkPages.get(route.path);
    app.route({
      method: ['GET', 'HEAD'],
      url: route.path,
      handler: (request: FastifyRequest, reply: FastifyReply) => {
        if (linkPage && isLinkQuery(request.query, linkPage.param))
          return sendPage(request, reply, linkPage.page, 'Accept-Encoding, Cookie');
        return sendPage(
          request,
          reply,
          hasSessionCookie(request) ? signedIn : visitor,
          'Accept-Encoding, Cookie',
        );
      },
    });
  }
}
