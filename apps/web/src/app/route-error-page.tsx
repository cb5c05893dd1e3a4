import { useEffect } from 'react';
import { AlertTriangle, Home, RefreshCw } from 'lucide-react';
import { useNavigate, useRouteError } from 'react-router';
import { shellTexts } from '@app/shared/messages';
import { Button } from '../components/ui/button';

/** The router's fallback when a page throws while rendering or its code fails to load. */
export function RouteErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  useEffect(() => {
    console.error('Route error', error);
  }, [error]);

  return (
    <section
      role="alert"
      className="flex min-h-[60vh] flex-1 flex-col items-center justify-center px-4 py-24 text-center"
    >
      <span className="mb-6 inline-flex size-14 items-center justify-center rounded-2xl bg-amber-100 text-amber-600 dark:bg-amber-500/15 dark:text-amber-300">
        <AlertTriangle aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-3xl font-bold tracking-tight">{shellTexts.errorPageTitle}</h1>
      <p className="mt-3 max-w-md text-zinc-600 dark:text-zinc-400">
        This page ran into an unexpected problem. Refreshing usually fixes it; if not, start again from the
        home page.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button size="lg" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" className="size-4" /> {shellTexts.refreshPage}
        </Button>
        <Button variant="outline" size="lg" onClick={() => navigate('/')}>
          <Home aria-hidden="true" className="size-4" /> {shellTexts.goHome}
        </Button>
      </div>
    </section>
  );
}
