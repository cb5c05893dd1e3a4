import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { authTexts } from '@app/shared/messages';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { prefillFrom } from '../login-prefill';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';
import { SocialSignIn } from './social-sign-in';

// Reached only from the login view's link, so its code comes on the way there (decision 033).
const loadForgotPassword = () => import('./forgot-password-form');
const ForgotPasswordForm = lazy(async () => ({ default: (await loadForgotPassword()).ForgotPasswordForm }));

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
  const [formBusy, setFormBusy] = useState(false);
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
    <ModalDialog title={title} description={description} onClose={onClose}>
      {view === 'login' && (
        <LoginForm
          key={prefill?.version ?? 0}
          initialIdentifier={prefill?.identifier}
          notice={prefill?.notice}
          onForgotPassword={() => setForgotPassword(true)}
          onForgotPasswordIntent={() => void loadForgotPassword()}
          onBusyChange={setFormBusy}
        />
      )}
      {view === 'signup' && <SignupForm onSignedUp={signedUp} onBusyChange={setFormBusy} />}
      {view === 'forgot-password' && (
        <Suspense fallback={<Spinner className="mt-6 py-4" />}>
          <ForgotPasswordForm formId="dialog-forgot" onSent={() => setForgotPassword(false)} />
        </Suspense>
      )}
      {view !== 'forgot-password' && <SocialSignIn intent={view} formBusy={formBusy} />}
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
    </ModalDialog>
  );
}
