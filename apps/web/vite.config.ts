import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;
const proxied = { target: apiTarget, changeOrigin: false };

// Vendor code changes less often than ours: separate chunks keep returning visitors' caches warm.
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 25 },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 25 },
  {
    name: 'radix',
    test: /node_modules[\\/](radix-ui|@radix-ui|@floating-ui|react-remove-scroll[^\\/]*|aria-hidden|use-callback-ref|use-sidecar|get-nonce|react-style-singleton|tslib)[\\/]/,
    priority: 20,
  },
];

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Text assets are compressed once here, not per request: the server sends the .br or .gz file
    // the browser accepts (@fastify/static preCompressed). Under 1 KB the headers cost more than they save.
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
    // Pages are lazy imports, so each route becomes its own chunk; stay alert if one grows large.
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
});
