import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Written by scripts/prerender.mjs: each prerendered path and its file under the web build. */
const pagesFile = 'prerendered/pages.json';
/** Stands for the public origin in the prerendered heads (canonical, og:url). */
const originPlaceholder = '%PUBLIC_ORIGIN%';

interface Encoded {
  body: Buffer;
  encoding?: 'br' | 'gzip';
}

export interface Page {
  etag: string;
  forms: Encoded[];
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The encodings the browser takes (q > 0), from the Accept-Encoding header. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

/** A page's HTML, compressed once (at start, when the origin is known), best first: brotli, gzip, plain. */
export function encodePage(html: string): Page {
  const plain = Buffer.from(html);
  return {
    etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`,
    forms: [
      {
        body: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        encoding: 'br',
      },
      { body: gzipSync(plain, { level: 9 }), encoding: 'gzip' },
      { body: plain },
    ],
  };
}

function loadPage(file: string, publicUrl: string): Page {
  return encodePage(readFileSync(file, 'utf8').replaceAll(originPlaceholder, escapeAttribute(publicUrl)));
}

/** Sends a page never cached, in the best encoding the browser takes, 304 when it has this version. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page, vary = 'Accept-Encoding') {
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  const form = page.forms.find(({ encoding }) => !encoding || accepted.has(encoding)) ?? page.forms[2];
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', vary)
    .header('etag', page.etag);
  if (form?.encoding) reply.header('content-encoding', form.encoding);
  if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  return reply.send(form?.body);
}

/** A page prerendered as a mailed link opens it, sent only when the request has that parameter. */
export interface LinkPage {
  param: string;
  page: Page;
}

/** pages.json: a path's file, or its file and the query parameter it is prerendered with. */
type PagesFile = Record<string, string | { file: string; whenQuery: string }>;

/**
 * Serves the visitors' pages the build prerendered (decision 033): real HTML with the page's head,
 * which the app then hydrates. Like index.html they are never cached and go out brotli- or
 * gzip-compressed when the browser takes it. Without a prerendered build this registers nothing.
 * Pages opened from a mailed link (prerendered with its parameter) get no route here: they are
 * returned by path for route-preloads.ts, which serves the app's shell to a request without it.
 */
export function registerPrerenderedPages(
  app: FastifyInstance,
  webDistDir: string,
  publicUrl: string,
): Map<string, LinkPage> {
  const linkPages = new Map<string, LinkPage>();
  const manifest = path.join(webDistDir, pagesFile);
  if (!existsSync(manifest)) return linkPages;
  const files = JSON.parse(readFileSync(manifest, 'utf8')) as PagesFile;
  for (const [url, entry] of Object.entries(files)) {
    const file = typeof entry === 'string' ? entry : entry.file;
    const page = loadPage(path.join(webDistDir, file), publicUrl);
    if (typeof entry !== 'string') {
      linkPages.set(url, { param: entry.whenQuery, page });
      continue;
    }
    app.route({
      method: ['GET', 'HEAD'],
      url,
      handler: (request: FastifyRequest, reply: FastifyReply) => sendPage(request, reply, page),
    });
  }
  return linkPages;
}
