import { LandingPage } from './pages/landing/landing-page';

/** /: the landing page (docs/product.md#landing-page); /login and /signup add the auth dialog (landing-auth-route.tsx). */
export function LandingRoute() {
  return <LandingPage />;
}
