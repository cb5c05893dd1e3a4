import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // Tests stub fetch and matchMedia; undoing that automatically keeps one test from leaking into the next.
    unstubGlobals: true,
    // Above the 8 s findBy wait in setup.ts, so a missing element fails with its own message.
    testTimeout: 20_000,
    restoreMocks: true,
  },
});
