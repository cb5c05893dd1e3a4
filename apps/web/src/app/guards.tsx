import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { connectReturnDestination } from '../features/reddit/lib/connect-return';
import { useAccess } from '../lib/access';
import { NotFoundPage } from './not-found-page';
import { useSessionUser } from '../lib/session-context';

type GuardProps = { children: ReactNode };

/** docs/product.md#access-and-roles: signed-out visitors are sent to / from every page that is not public. */
export function SignedInOnly({ children }: GuardProps) {
  return useSessionUser() ? children : <Navigate to="/" replace />;
}

/** /login and /signup: someone already signed in goes straight to the dashboard. */
export function SignedOutOnly({ children }: GuardProps) {
  return useSessionUser() ? <Navigate to="/dashboard" replace /> : children;
}

/** /referral: only for users whose plan has the referral programme (docs/product.md#access-and-roles: pro); others get not-found. */
export function ProOnly({ children }: GuardProps) {
  const user = useSessionUser();
  const { planGrants } = useAccess();
  if (!user) return <Navigate to="/" replace />;
  return planGrants(user, 'referralProgram') ? children : <NotFoundPage />;
}

/** Routes that only exist for admins (isAdmin or role admin). */
export function AdminOnly({ children }: GuardProps) {
  const user = useSessionUser();
  const { isAdmin } = useAccess();
  if (!user) return <Navigate to="/" replace />;
  return isAdmin(user) ? children : <NotFoundPage />;
}

/**
 * `/`: the landing for visitors, the dashboard for signed-in users. Back from linking a Reddit
 * account (/?reddit=connected) they return to the page the link started from.
 */
export function HomeRoute({ children }: GuardProps) {
  const { search } = useLocation();
  if (!useSessionUser()) return children;
  return <Navigate to={connectReturnDestination(search) ?? '/dashboard'} replace />;
}

/** Unknown paths: not-found when signed in, back to / (replacing history) when signed out. */
export function UnknownRoute() {
  return useSessionUser() ? <NotFoundPage /> : <Navigate to="/" replace />;
}

/**
 * /logout: only for someone signed in when the page opens. The logout itself then turns the user
 * into null, which must not bounce the page to / before it has navigated to /login.
 */
export function LogoutRoute({ children }: GuardProps) {
  const user = useSessionUser();
  const [signedInAtStart] = useState(user !== null);
  return signedInAtStart ? children : <Navigate to="/" replace />;
}
