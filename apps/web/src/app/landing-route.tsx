import { useLocation, useNavigate } from 'react-router';
import { AuthDialog, type AuthDialogMode } from '../features/auth/components/auth-dialog';
import { LandingPage } from './pages/landing/landing-page';

/** /, /login and /signup: the landing page, with the auth dialog open on the latter two (docs/product.md#landing-page). */
export function LandingRoute({ authMode }: { authMode?: AuthDialogMode }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <>
      <LandingPage />
      {authMode && (
        <AuthDialog
          mode={authMode}
          // Keep query parameters such as ?ref= when switching between login and signup.
          onModeChange={(mode) => navigate({ pathname: `/${mode}`, search }, { replace: true })}
          onClose={() => navigate('/')}
        />
      )}
    </>
  );
}
