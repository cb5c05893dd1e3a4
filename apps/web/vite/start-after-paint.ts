import type { Plugin } from 'vite';

const entryTag = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;

/**
 * The built index.html starts the entry module from public/start-after-paint.js instead of a module
 * script tag (decision 057). Its chunks stay preloaded here: index.html has nothing to paint before
 * the app draws. The pages that do (prerendered, signed-in frames) turn the preloads into
 * rel="app-chunk" names, fetched once the page is painted. In development the module tag stays.
 */
export function startAfterPaint(): Plugin {
  return {
    name: 'start-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const match = entryTag.exec(html);
        if (!match) throw new Error('index.html has no entry module script to start after paint');
        const entry = match[1]!;
        return html.replace(
          match[0],
          `<link rel="modulepreload" crossorigin href="${entry}">\n    <script src="/start-after-paint.js" data-entry="${entry}" async></script>`,
        );
      },
    },
  };
}
