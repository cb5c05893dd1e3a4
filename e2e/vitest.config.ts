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
    // One file at a time: a journey keeps both cores busy (server and Chromium); two side by side
    // took as long in all (585 s against 600 s) and doubled each test's time towards its timeout.
    fileParallelism: false,
    // The app's logs go to one folder per run; the run fails if a secret is in it.
    globalSetup: ['../apps/api/test/log-secrets/global-setup.ts', './support/migrated-data-dir.ts'],
  },
});
