import { startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { matchRoutes, type RouteObject } from 'react-router';
import type { User } from '@app/shared/user';
import { FullScreenSpinner } from '../components/ui/spinner';
import { recordEarlyEvents } from '../lib/analytics/early-events';
import { isLookupFreePath } from '../lib/session-context';
import { PublicApp, createPublicRouter } from './public-app';
import { LoadingErrorPage } from './root-error-boundary';
import { createRoutes, type PageRouteHandle } from './route-tree';

/** Who opened the page, as far as the entry can tell without the signed-in shell's code. */
type Session = { kind: 'visitor' } | { kind: 'user'; user: User } | { kind: 'unsure' };

// Older builds kept the access token here; the shell moves it into memory (access-token.ts).
const legacyTokenKey = 'authToken';

function hasLegacyToken(): boolean {
  try {
    return localStorage.getItem(legacyTokenKey) !== null;
  } catch {
    return false;
  }
}

/**
 * GET /api/auth/user with the session cookie, by plain fetch. Anything but a clear answer (a
 * legacy token to migrate, a 403, a server or network error) goes to the full shell, whose own
 * lookup handles it exactly as before (docs/product.md#accounts-and-sign-in).
 */
async function lookUpSession(pathname: string): Promise<Session> {
  // docs/product.md#pages-and-navigation: these pages make no current-user lookup at all.
  if (isLookupFreePath(pathname)) return { kind: 'visitor' };
  if (hasLegacyToken()) return { kind: 'unsure' };
  try {
    const response = await fetch('/api/auth/user', {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    if (response.status === 401) return { kind: 'visitor' };
    if (!response.ok) return { kind: 'unsure' };
    const user = (await response.json()) as User | null;
    return user ? { kind: 'user', user } : { kind: 'visitor' };
  } catch {
    return { kind: 'unsure' };
  }
}

/**
 * Fetches the code of the page the routes show here, so hydration never suspends on it: a suspended
 * part that receives an update (a click on a table-of-contents link changes the location) is thrown
 * away and drawn again from scratch, and the visitor sees a spinner where the text was. The page
 * stays readable and its plain links work while this loads; the chunks are preloaded by the HTML.
 */
async function loadPageCode(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map((match) => (match.route.handle as Partial<PageRouteHandle> | undefined)?.preload?.()),
  );
}

/**
 * Starts the app (decision 033). Visitors get the light public app: on a prerendered page it
 * hydrates the HTML the server sent, elsewhere it renders. Signed-in users get the signed-in
 * shell, loaded now, drawn in place of whatever the server sent.
 */
export async function boot(container: HTMLElement): Promise<void> {
  const prerendered = container.hasAttribute('data-prerendered');
  const lookup = lookUpSession(window.location.pathname);
  if (prerendered) {
    // Hydrated as a visitor's page (a prerendered page always is one) once both the page's code
    // and the answer on who is here have come; its plain links work meanwhile. A signed-in user's
    // page is drawn afresh instead: hydrating first and unmounting at once makes React report an
    // error, and is wasted work.
    const router = createPublicRouter();
    const early = recordEarlyEvents(router);
    const pageCode = loadPageCode(router.routes).catch((error: unknown) =>
      console.error('The page failed to load', error),
    );
    const session = await lookup;
    if (session.kind === 'visitor') {
      await pageCode;
      // In a transition React hydrates in slices and yields between them, instead of holding the
      // main thread for the whole page: on a slow phone one long task becomes many short ones.
      startTransition(() => {
        hydrateRoot(container, <PublicApp router={router} early={early} />);
      });
      return;
    }
    early.take(); // not a visitor's: the signed-in shell records with the user's consent
    container.removeAttribute('data-prerendered');
    await renderSignedIn(createRoot(container), session);
    return;
  }
  // A signed-in page's frame from the server (decision 056) stays on screen until the app draws
  // the page over it; anywhere else a spinner shows meanwhile.
  const framed = container.hasAttribute('data-signed-in-frame');
  const root = createRoot(container);
  if (!framed) root.render(<FullScreenSpinner />);
  const session = await lookup;
  if (session.kind === 'visitor') {
    const router = createPublicRouter();
    root.render(<PublicApp router={router} early={recordEarlyEvents(router)} />);
    return;
  }
  await renderSignedIn(root, session, framed);
}

async function renderSignedIn(
  root: Root,
  session: Exclude<Session, { kind: 'visitor' }>,
  framed = false,
): Promise<void> {
  // Over a frame, the page's code comes with the shell's, so the first thing drawn over the frame
  // is the page itself rather than a spinner in its place.
  const pageCode = framed
    ? loadPageCode(createRoutes(null)).catch((error: unknown) =>
        console.error('The page failed to load', error),
      )
    : undefined;
  try {
    const [{ renderSignedInApp }] = await Promise.all([import('./signed-in-app'), pageCode]);
    renderSignedInApp(root, session.kind === 'user' ? session.user : undefined);
  } catch (error) {
    // The shell's code did not arrive (offline, a deploy in between): say so instead of a blank page.
    console.error('The app failed to start', error);
    root.render(<LoadingErrorPage />);
  }
}
