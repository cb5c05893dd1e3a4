import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import type { User } from '@app/shared/user';
import { createQueryClient, currentUserQueryKey } from '../lib/query-client';
import { trackQueryClient } from './query-clients';
import { AppProviders } from '../app/providers';
import { routes as appRoutes } from '../app/routes';
import './dom-polyfills';

interface RenderAppOptions {
  /** Seeds the current-user cache; leave undefined to let the app fetch it (stub fetch then). */
  user?: User | null;
  routes?: RouteObject[];
  /** Extra providers around the router, inside the app's own. */
  wrap?: (router: ReactNode) => ReactNode;
}

/** Renders the real route objects in a memory router, the way the browser app does. */
export function renderApp(
  path: string,
  { user, routes = appRoutes, wrap = (node) => node }: RenderAppOptions = {},
) {
  const queryClient = trackQueryClient(createQueryClient({ onSessionLost: () => undefined }));
  if (user !== undefined) queryClient.setQueryData(currentUserQueryKey, user);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>{wrap(<RouterProvider router={router} />)}</AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** The path plus query string the router currently shows. */
export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return pathname + search;
}
