import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { stopTrackedQueryClients } from './query-clients';

// Pages are lazy chunks: on a loaded 2-core CI machine the first import of one can take seconds,
// far beyond Testing Library's 1 s default for findBy/waitFor. The wait ends as soon as it passes.
configure({ asyncUtilTimeout: 8_000 });

function clearCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

// Without vitest globals, Testing Library cannot register its own cleanup, so it happens here.
afterEach(async () => {
  // The lint test runs in node, with no DOM to clean.
  if (typeof window === 'undefined') return;
  cleanup();
  await stopTrackedQueryClients();
  // TanStack Query hands its notifications to setTimeout(0): let them run while jsdom's window still exists.
  await new Promise((resolve) => setTimeout(resolve, 0));
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
});
