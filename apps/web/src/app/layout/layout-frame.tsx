import { Suspense, type ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Spinner } from '../../components/ui/spinner';

/** The page frame both layouts share: skip link, the header, and the current page in <main>. */
export function LayoutFrame({ header, children }: { header: ReactNode; children?: ReactNode }) {
  return (
    <>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main-content"
          className="sr-only rounded-lg bg-rose-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
        >
          Skip to content
        </a>
        {children}
        {header}
        <main id="main-content" className="flex flex-1 flex-col">
          <Suspense fallback={<Spinner className="flex-1 py-24" />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <ScrollRestoration />
    </>
  );
}
