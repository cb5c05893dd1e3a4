import { defineConfig } from 'vitest/config';

// Browser journeys: each file starts the app the way `npm start` does and drives headless Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file has its own server (own port and data) and browser, so two run side by side: most of
    // a journey is waiting on the browser and the server, and CI must stay well inside 30 minutes.
    fileParallelism: true,
    maxWorkers: 2,
    // The app's logs go to one folder per run; the run fails if a secret is in it.
    globalSetup: ['../apps/api/test/log-secrets/global-setup.ts', './support/migrated-data-dir.ts'],
  },
});
