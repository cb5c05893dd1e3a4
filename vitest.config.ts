import { defineConfig } from 'vitest/config';

// Unit and API integration tests of every package; browser journeys live in e2e/ with their own config.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web', 'test'],
    // Vitest's default on 2 cores is one worker; most API tests wait on PostgreSQL, child processes
    // or timers, so two files at once cut the CI run by about a third.
    maxWorkers: 2,
    // Every server the tests start logs to one folder per run; the run fails if a secret is in it.
    globalSetup: ['apps/api/test/log-secrets/global-setup.ts'],
  },
});
