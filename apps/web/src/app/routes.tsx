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
import { RootLayout } from './layout/root-layout';
import * as pages from './lazy-pages';
import { RouteErrorPage } from './route-error-page';

type Guard = ComponentType<{ children: ReactNode }>;

function page(path: string, Page: ComponentType, Guard?: Guard): RouteObject {
  return {
    path,
    element: Guard ? (
      <Guard>
        <Page />
      </Guard>
    ) : (
      <Page />
    ),
  };
}

/** docs/product.md#pages-and-navigation and docs/product.md#access-and-roles. Guards decide per user; the same objects serve the browser and the tests. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // A failing page shows the error page inside the layout, so the header stays usable.
        errorElement: <RouteErrorPage />,
        children: [
          {
            index: true,
            element: (
              <HomeRoute>
                <pages.Landing />
              </HomeRoute>
            ),
          },
          {
            path: 'login',
            element: (
              <SignedOutOnly>
                <pages.Landing authMode="login" />
              </SignedOutOnly>
            ),
          },
          {
            path: 'signup',
            element: (
              <SignedOutOnly>
                <pages.Landing authMode="signup" />
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
          page('gallery', pages.Gallery, SignedInOnly),
          page('tax-tracker', pages.TaxTracker, SignedInOnly),
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
