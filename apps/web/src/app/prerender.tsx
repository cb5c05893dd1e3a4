import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { PublicLayout } from './layout/public-layout';
import { PublicApp } from './public-app';
import { createRoutes } from './route-tree';

/** The public pages written as HTML at build time (decision 033), with what their <head> says. */
export const prerenderedPages = [
  {
    path: '/',
    file: 'landing.html',
    description:
      'Creator Studio: caption writing, image protection, Reddit community research and post scheduling for creators.',
  },
  {
    // The landing page with the log-in dialog, which opens once the page is alive.
    path: '/login',
    file: 'login.html',
    description: 'Log in to Creator Studio: your captions, protected photos, gallery and Reddit schedule.',
  },
  {
    path: '/signup',
    file: 'signup.html',
    description:
      'Sign up free for Creator Studio: captions for every platform, photo protection and Reddit scheduling.',
  },
  {
    path: '/forgot-password',
    file: 'forgot-password.html',
    description:
      'Forgot your Creator Studio password? Enter your email and we send you a link to set a new one.',
  },
  {
    // Pages opened from a mailed link: prerendered as the link opens them, and served so only when
    // the request carries the link's parameter (the server sends the app's shell otherwise).
    path: '/reset-password',
    query: 'token',
    file: 'reset-password.html',
    description: 'Choose a new password for your Creator Studio account.',
  },
  {
    path: '/email-verification',
    query: 'token',
    file: 'email-verification.html',
    description: 'Confirm the email address of your Creator Studio account.',
  },
  {
    path: '/terms',
    file: 'terms.html',
    description:
      'The terms for using Creator Studio: accounts, plans and payments, content rules and liability.',
  },
  {
    path: '/privacy',
    file: 'privacy.html',
    description: 'What Creator Studio collects, why, how long it is kept, and the rights you have over it.',
  },
  {
    path: '/imageshield',
    file: 'imageshield.html',
    description:
      'Make a copy of a photo that image fingerprints no longer match, for free, and see the measured result.',
  },
] as const;

/**
 * A visitor's page rendered to HTML: the same PublicApp the browser hydrates (boot.tsx), on a memory
 * router, with every lazy page resolved before the HTML is complete.
 */
export async function renderPage(path: string): Promise<string> {
  const router = createMemoryRouter(createRoutes(<PublicLayout />), { initialEntries: [path] });
  // One piece: an outlined boundary would need React's inline reveal script, which the CSP forbids.
  const { prelude } = await prerender(<PublicApp router={router} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  return new Response(prelude).text();
}

export { renderSignedInFrame, signedInFrames } from './signed-in-frame';
