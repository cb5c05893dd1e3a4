import { StrictMode } from 'react';
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
  root.render(
    <StrictMode>
      <RootErrorBoundary>
        <App initialUser={user} />
      </RootErrorBoundary>
    </StrictMode>,
  );
}
