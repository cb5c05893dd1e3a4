import { useState } from 'react';
import { useLocation } from 'react-router';
import { authTexts } from '@app/shared/messages';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';
import { SocialSignIn } from './social-sign-in';

export type AuthDialogMode = 'login' | 'signup';
type View = AuthDialogMode | 'forgot-password';

const copy: Record<View, { title: string; description: string }> = {
  login: { title: 'Welcome back', description: 'Log in to your Creator Studio account.' },
  signup: { title: 'Create your account', description: 'Join Creator Studio for free. No card needed.' },
  'forgot-password': {
    title: 'Reset your password',
    description: 'Enter your email and we will send you a link to choose a new password.',
  },
};

/** Router state that opens /login with the e-mail filled in (e.g. after verifying it). */
export function loginPrefillState(email: string) {
  return { prefillEmail: email };
}

function prefillFrom(state: unknown): string | undefined {
  const email = (state as { prefillEmail?: unknown } | null)?.prefillEmail;
  return typeof email === 'string' && email !== '' ? email : undefined;
}

interface LoginPrefill {
  identifier: string;
  notice?: string;
  /** Changes with every prefill, so the login form starts over with the new values. */
  version: number;
}

const linkButton = 'cursor-pointer font-medium text-rose-600 hover:underline dark:text-rose-400';

interface AuthDialogProps {
  mode: AuthDialogMode;
  onModeChange: (mode: AuthDialogMode) => void;
  onClose: () => void;
}

/** docs/product.md#accounts-and-sign-in: login and signup modes, plus forgot-password reached only from login. */
export function AuthDialog({ mode, onModeChange, onClose }: AuthDialogProps) {
  const { state } = useLocation();
  const [forgotPassword, setForgotPassword] = useState(false);
  const [shownMode, setShownMode] = useState(mode);
  const [seenState, setSeenState] = useState<unknown>(state);
  const [prefill, setPrefill] = useState<LoginPrefill | null>(() => {
    const email = prefillFrom(state);
    return email ? { identifier: email, version: 1 } : null;
  });
  const fill = (identifier: string, notice?: string) =>
    setPrefill((current) => ({ identifier, notice, version: (current?.version ?? 0) + 1 }));

  // Any switch between login and signup (also from the header) leaves forgot-password mode.
  if (shownMode !== mode) {
    setShownMode(mode);
    setForgotPassword(false);
  }
  // A navigation that brings an e-mail along (the landing's ?verified=true) refills the form.
  if (state !== seenState) {
    setSeenState(state);
    const email = prefillFrom(state);
    if (email) fill(email);
  }
  const view: View = forgotPassword && mode === 'login' ? 'forgot-password' : mode;
  const { title, description } = copy[view];

  function signedUp(email: string) {
    fill(email, authTexts.accountCreated);
    onModeChange('login');
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle className="pr-8">{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {view === 'login' && (
          <LoginForm
            key={prefill?.version ?? 0}
            initialIdentifier={prefill?.identifier}
            notice={prefill?.notice}
            onForgotPassword={() => setForgotPassword(true)}
          />
        )}
        {view === 'signup' && <SignupForm onSignedUp={signedUp} />}
        {view === 'forgot-password' && (
          <ForgotPasswordForm formId="dialog-forgot" onSent={() => setForgotPassword(false)} />
        )}
        {view !== 'forgot-password' && <SocialSignIn intent={view} />}
        <div className="mt-6 flex flex-col items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          {view === 'login' && (
            <p>
              Don’t have an account?{' '}
              <button type="button" className={linkButton} onClick={() => onModeChange('signup')}>
                Sign up
              </button>
            </p>
          )}
          {view === 'signup' && (
            <p>
              Already have an account?{' '}
              <button type="button" className={linkButton} onClick={() => onModeChange('login')}>
                Log in
              </button>
            </p>
          )}
          {view === 'forgot-password' && (
            <button type="button" className={linkButton} onClick={() => setForgotPassword(false)}>
              Back to Login
            </button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
