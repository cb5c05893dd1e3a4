// `npm run build`'s last step (decision 033): writes the visitors' pages /, /login, /signup, /forgot-password, /terms, /privacy and
// /imageshield as real HTML into apps/web/dist/prerendered/, from the renderer the SSR build made.
// The server (apps/api/src/plugins/web-app.ts) serves them and puts its public origin into the head.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readPageModules, readRoutes, signedInShellModule } from './lib/script-budget.mjs';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');
const distDir = path.join(webRoot, 'dist');
const outDir = path.join(distDir, 'prerendered');
/** Replaced by the server with PUBLIC_URL; the build cannot know where the app will be served. */
export const originPlaceholder = '%PUBLIC_ORIGIN%';

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** React puts the page's <title> first in its output; it belongs in the head. */
function splitTitle(html) {
  const match = /^<title>(.*?)<\/title>/s.exec(html);
  if (!match) throw new Error('A prerendered page rendered no <title>');
  // The title arrives HTML-escaped from React; the body keeps everything after it.
  return { titleHtml: match[1], body: html.slice(match[0].length) };
}

/** The page's own chunk and what it imports, preloaded so hydration need not wait for them. */
function pagePreloads(manifest, modules) {
  const files = new Set();
  const walk = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    (chunk.imports ?? []).forEach(walk);
  };
  modules.forEach(walk);
  const entryFiles = new Set();
  const walkEntry = (key) => {
    const chunk = manifest[key];
    if (!chunk || entryFiles.has(chunk.file)) return;
    entryFiles.add(chunk.file);
    (chunk.imports ?? []).forEach(walkEntry);
  };
  Object.keys(manifest)
    .filter((key) => manifest[key].isEntry)
    .forEach(walkEntry);
  return [...files].filter((file) => file.endsWith('.js') && !entryFiles.has(file));
}

/**
 * For every route served as index.html (not prerendered): the chunks its page needs, and those of
 * the signed-in shell. The server names them in the page's head (plugins/route-preloads.ts), the
 * shell's only when the request carries a session cookie, so the browser fetches them beside the
 * entry instead of one after another (entry, then shell, then page). Routes with a signed-in
 * frame (decision 056) carry its HTML: the heading a signed-in visitor sees before the script runs.
 */
function writeRoutePreloads(manifest, routes, pageModules, prerendered, frames) {
  // A page prerendered only for requests with its link's parameter is still served as index.html
  // to the others.
  const served = routes.filter((route) => typeof prerendered[route.path] !== 'string');
  const preloads = {
    shell: pagePreloads(manifest, [signedInShellModule]),
    routes: served.map((route) => ({
      path: route.path,
      signedIn: route.signedIn,
      page: pagePreloads(manifest, pageModules.get(route.page) ?? []),
      ...(frames.has(route.path) && { frame: frames.get(route.path) }),
    })),
  };
  writeFileSync(path.join(outDir, 'route-preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`);
}

function headFor(page, titleHtml) {
  const url = `${originPlaceholder}${page.path === '/' ? '/' : page.path}`;
  const description = escapeHtml(page.description);
  return [
    `<title>${titleHtml}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Creator Studio" />`,
    `<meta property="og:title" content="${titleHtml}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    // A page behind a mailed link's token is nobody's search result.
    ...(page.query ? ['<meta name="robots" content="noindex" />'] : []),
  ].join('\n    ');
}

export async function prerender() {
  const renderer = await import(pathToFileURL(path.join(webRoot, '.prerender/prerender.js')).href);
  const shell = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const pageModules = readPageModules();
  const routes = readRoutes();
  mkdirSync(outDir, { recursive: true });
  const written = {};
  for (const page of renderer.prerenderedPages) {
    // A page that needs its link's parameter is rendered as the link opens it; the value itself
    // never shows (a token is only sent when the form is).
    const url = page.query ? `${page.path}?${page.query}=link` : page.path;
    const { titleHtml, body } = splitTitle(await renderer.renderPage(url));
    const route = routes.find((candidate) => candidate.path === page.path);
    const preloads = pagePreloads(manifest, (route && pageModules.get(route.page)) ?? [])
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('\n    ');
    const html = shell
      .replace(/<meta\s+name="description"[^>]*>/, '')
      .replace(/<title>.*?<\/title>/s, headFor(page, titleHtml))
      .replace('</head>', `  ${preloads}\n  </head>`)
      .replace('<div id="root"></div>', `<div id="root" data-prerendered>${body}</div>`);
    if (!html.includes('data-prerendered')) throw new Error('dist/index.html has no empty <div id="root">');
    // The CSP forbids inline scripts (React's streaming reveal would need one): a page must not have any.
    if (/<script(?![^>]*\ssrc=)[^>]*>/.test(html)) throw new Error(`${page.path} has an inline <script>`);
    writeFileSync(path.join(outDir, page.file), html);
    written[page.path] = page.query
      ? { file: `prerendered/${page.file}`, whenQuery: page.query }
      : `prerendered/${page.file}`;
  }
  writeFileSync(path.join(outDir, 'pages.json'), `${JSON.stringify(written, null, 2)}\n`);
  const frames = new Map();
  for (const frame of renderer.signedInFrames) {
    if (!routes.some((route) => route.path === frame.path))
      throw new Error(`No route ${frame.path} for its frame`);
    frames.set(frame.path, splitTitle(renderer.renderSignedInFrame(frame)));
  }
  writeRoutePreloads(manifest, routes, pageModules, written, frames);
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const written = await prerender();
  console.log(`Prerendered ${Object.keys(written).join(', ')} into apps/web/dist/prerendered/`);
}
