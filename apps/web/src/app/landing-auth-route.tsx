import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AuthDialog, type AuthDialogMode } from '../features/auth/components/auth-dialog';
import { LandingPage } from './pages/landing/landing-page';

/** /login and /signup: the landing page with the auth dialog open (docs/product.md#landing-page). */
export function LandingAuthRoute({ authMode }: { authMode: AuthDialogMode }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  // Closed at once: the navigation to / may wait for its page's code, the dialog should not.
  const [open, setOpen] = useState(true);
  return (
    <>
      <LandingPage />
      {open && (
        <AuthDialog
          mode={authMode}
          // Keep query parameters such as ?ref= when switching between login and signup.
          onModeChange={(mode) => navigate({ pathname: `/${mode}`, search }, { replace: true })}
          onClose={() => {
            setOpen(false);
            void navigate('/');
          }}
        />
      )}
    </>
  );
}
