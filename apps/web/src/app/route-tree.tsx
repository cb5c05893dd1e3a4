import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import {
  AdminOnly,
  HomeRoute,
  LogoutRoute,
  ProOnly,
  SignedInOnly,
  SignedOutOnly,
  UnknownRoute,
} from './guards';
import type { LazyPage } from './lazy-page';
import * as pages from './lazy-pages';
import { RouteErrorPage } from './route-error-page';

type Guard = ComponentType<{ children: ReactNode }>;

/** What a route tells boot.tsx: how to fetch its page's code before a prerendered page is hydrated. */
export interface PageRouteHandle {
  preload: () => Promise<unknown>;
}

const preloads = (Page: Pick<LazyPage, 'preload'>): { handle: PageRouteHandle } => ({
  handle: { preload: Page.preload },
});

function page(path: string, Page: LazyPage, Guard?: Guard): RouteObject {
  return {
    path,
    ...preloads(Page),
    element: Guard ? (
      <Guard>
        <Page />
      </Guard>
    ) : (
      <Page />
    ),
  };
}

/**
 * docs/product.md#pages-and-navigation and docs/product.md#access-and-roles. Guards decide per user; the same objects serve the browser and the tests.
 * The layout is a parameter: visitors get the light public layout, signed-in users the full shell (decision 033).
 */
export function createRoutes(layout: ReactNode): RouteObject[] {
  return [
    {
      path: '/',
      element: layout,
      errorElement: <RouteErrorPage />,
      children: [
        {
          // A failing page shows the error page inside the layout, so the header stays usable.
          errorElement: <RouteErrorPage />,
          children: [
            {
              index: true,
              ...preloads(pages.Landing),
              element: (
                <HomeRoute>
                  <pages.Landing />
                </HomeRoute>
              ),
            },
            {
              path: 'login',
              ...preloads(pages.LandingAuth),
              element: (
                <SignedOutOnly>
                  <pages.LandingAuth authMode="login" />
                </SignedOutOnly>
              ),
            },
            {
              path: 'signup',
              ...preloads(pages.LandingAuth),
              element: (
                <SignedOutOnly>
                  <pages.LandingAuth authMode="signup" />
                </SignedOutOnly>
              ),
            },
            // Public, and never looking up the current user (see session-context.ts).
            page('forgot-password', pages.ForgotPassword),
            page('reset-password', pages.ResetPassword),
            page('email-verification', pages.EmailVerification),
            page('change-password', pages.ChangePassword),
            // Public for everyone.
            page('landing', pages.Landing),
            page('caption-generator', pages.CaptionGenerator),
            page('imageshield', pages.ImageShield),
            page('reddit', pages.Reddit),
            page('pro-perks', pages.ProPerks),
            page('terms', pages.Terms),
            page('privacy', pages.Privacy),
            // Signed in only; visitors go to /.
            page('dashboard', pages.Dashboard, SignedInOnly),
            // The spec's URL stays /phase4; the code carries the API's name, early-access.
            page('phase4', pages.EarlyAccess, SignedInOnly),
            // Signed in: docs/product.md#pages-and-navigation's signed-out list is closed (see calculator-page.tsx).
            page('calculator', pages.Calculator, SignedInOnly),
            page('enterprise', pages.Enterprise, SignedInOnly),
            page('reddit/communities', pages.Communities, SignedInOnly),
            page('reddit/campaigns', pages.Campaigns, SignedInOnly),
            page('links', pages.Links, SignedInOnly),
            page('results', pages.Results, SignedInOnly),
            page('gallery', pages.Gallery, SignedInOnly),
            page('leaks/trace', pages.LeakTrace, SignedInOnly),
            page('tax-tracker', pages.TaxTracker, SignedInOnly),
            page('leaks/cases', pages.LeakCases, SignedInOnly),
            page('leaks/cases/new', pages.LeakCasesNew, SignedInOnly),
            page('leaks/cases/:id', pages.LeakCasesDetail, SignedInOnly),
            page('history', pages.History, SignedInOnly),
            page('settings', pages.Settings, SignedInOnly),
            page('checkout', pages.Checkout, SignedInOnly),
            page('logout', pages.Logout, LogoutRoute),
            // Role-gated: other signed-in users get the not-found page, as for any unknown path.
            page('referral', pages.Referral, ProOnly),
            page('admin', pages.Admin, AdminOnly),
            page('admin/leads', pages.AdminLeads, AdminOnly),
            { path: '*', element: <UnknownRoute /> },
          ],
        },
      ],
    },
  ];
}
