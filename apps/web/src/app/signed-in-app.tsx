import { StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import type { User } from '@app/shared/user';
import { migrateLegacyToken } from '../lib/access-token';
import { App } from './app';
import { RootErrorBoundary } from './root-error-boundary';

/**
 * The signed-in shell (decision 033): the query client, the Radix header menus, onboarding,
 * analytics consent and the rest that only a signed-in user needs. boot.tsx imports it lazily.
 */
export function renderSignedInApp(root: Root, user?: User) {
  migrateLegacyToken();
  // Drawn in a transition, in slices that yield to the browser, rather than in one long task;
  // the frame or spinner stays on screen until the page is ready (docs/performance.md).
  startTransition(() =>
    root.render(
      <StrictMode>
        <RootErrorBoundary>
          <App initialUser={user} />
        </RootErrorBoundary>
      </StrictMode>,
    ),
  );
}
