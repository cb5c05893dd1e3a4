import { defineConfig } from 'vitest/config';

// Checks of the repository as a whole (installed dependencies, comments), not of one package.
export default defineConfig({
  test: { name: 'repo', include: ['**/*.test.ts'], environment: 'node' },
});
