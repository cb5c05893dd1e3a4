import { StrictMode, lazy, Suspense, useEffect, useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { DeferredToaster } from '../components/ui/deferred-toaster';
import type { EarlyEventRecorder } from '../lib/analytics/early-events';
import { useTheme } from '../lib/theme';
import { PublicLayout } from './layout/public-layout';
import { RootErrorBoundary } from './root-error-boundary';
import { createRoutes } from './route-tree';

type Router = ReturnType<typeof createBrowserRouter>;

const VisitorAnalytics = lazy(async () => ({
  default: (await import('../lib/analytics/visitor-analytics')).VisitorAnalytics,
}));

/** What a visit needs only after the page is up: the tracker, and the Toaster when a toast comes. */
function AfterPaint({ router, early }: { router: Router; early?: EarlyEventRecorder }) {
  const { resolvedTheme } = useTheme();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setIdle(true), 0);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <>
      <DeferredToaster visibleToasts={1} theme={resolvedTheme} richColors closeButton />
      {idle && (
        <Suspense fallback={null}>
          <VisitorAnalytics router={router} early={early} />
        </Suspense>
      )}
    </>
  );
}

export function createPublicRouter(): Router {
  return createBrowserRouter(createRoutes(<PublicLayout />));
}

/**
 * The app for visitors (decision 033): the router and the public layout, nothing of the signed-in
 * shell. It renders the same HTML as the prerendered pages, so it can hydrate them. `early` holds
 * what the visit did before the tracker's code came.
 */
export function PublicApp({ router, early }: { router: Router; early?: EarlyEventRecorder }) {
  return (
    <StrictMode>
      <RootErrorBoundary>
        <RouterProvider router={router} />
        <AfterPaint router={router} early={early} />
      </RootErrorBoundary>
    </StrictMode>
  );
}
