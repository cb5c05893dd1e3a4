import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { pureSchemas } from './vite/pure-schemas';
import { manifestDynamicEntries } from './vite/manifest-dynamic-entries';
import { schemaFreeImports } from './vite/schema-free-imports';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;
const proxied = { target: apiTarget, changeOrigin: false };

// Vendor code changes less often than ours: separate chunks keep returning visitors' caches warm.
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 25 },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/, priority: 25 },
];
// Radix is not one group: a visitor's page uses a slot or a dialog, not every primitive (decision 033).

// `vite build --ssr src/app/prerender.tsx` (npm run build) makes the renderer of the prerendered
// pages: a node module for scripts/prerender.mjs, never served, so it skips what the browser build does.
export default defineConfig(({ isSsrBuild = false }) => ({
  plugins: [
    react(),
    pureSchemas(),
    schemaFreeImports(),
    tailwindcss(),
    !isSsrBuild && manifestDynamicEntries(),
    // Text assets are compressed once here, not per request: the server sends the .br or .gz file
    // the browser accepts (@fastify/static preCompressed). Under 1 KB the headers cost more than they save.
    !isSsrBuild &&
      compression({
        algorithms: ['brotliCompress', 'gzip'],
        include: /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/,
        threshold: 1024,
      }),
  ],
  server: {
    proxy: { '/api': proxied, '/healthz': proxied, '/readyz': proxied },
  },
  preview: {
    proxy: { '/api': proxied, '/healthz': proxied, '/readyz': proxied },
  },
  build: {
    // The chunk graph the script budget test reads (e2e/script-budget.e2e.ts, scripts/lib/script-budget.mjs).
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // Pages are lazy imports, so each route becomes its own chunk; stay alert if one grows large.
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      // Required by the inlining below: exports of a lazy page no importer uses may be dropped.
      preserveEntrySignatures: isSsrBuild ? undefined : false,
      output: {
        codeSplitting: isSsrBuild
          ? undefined
          : {
              groups: vendorGroups,
              // Common chunks under 16 KB of source are copied into the chunks that use them (one
              // module state still, through the bundler's registry) instead of being files of their
              // own: a signed-in page needed 60-86 chunks, mostly under 1.5 kB, and a phone fetches
              // them six at a time. At 16 KB rather than 4 KB a signed-in page's first load is
              // 15-30 kB smaller in half the files, for about 3% more over a visit to four pages
              // (decision 058). Stylesheets stay files, as Vite needs.
              experimentalInlineCommonChunks: {
                maxSize: 16384,
                exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
              },
            },
      },
    },
  },
}));
