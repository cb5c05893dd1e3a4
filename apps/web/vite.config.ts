import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { pureSchemas } from './vite/pure-schemas';
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
      output: { codeSplitting: isSsrBuild ? undefined : { groups: vendorGroups } },
    },
  },
}));
