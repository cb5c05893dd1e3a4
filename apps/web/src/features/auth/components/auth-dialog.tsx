import { useState } from 'react';
import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';

export type AuthDialogMode = 'login' | 'signup';
type Mode = AuthDialogMode | 'forgot-password';

const copy: Record<Mode, { title: string; description: string; notice: string }> = {
  login: {
    title: 'Welcome back',
    description: 'Log in to your Creator Studio account.',
    notice: 'Signing in opens very soon. We are finishing secure accounts right now.',
  },
  signup: {
    title: 'Create your account',
    description: 'Join Creator Studio for free. No card needed.',
    notice: 'New accounts open very soon. We are finishing secure sign-up right now.',
  },
  'forgot-password': {
    title: 'Reset your password',
    description: 'Enter your email and we will send you a link to choose a new password.',
    notice: 'Password reset by email opens very soon.',
  },
};

const linkButton = 'cursor-pointer font-medium text-rose-600 hover:underline dark:text-rose-400';

interface AuthDialogProps {
  mode: AuthDialogMode;
  onModeChange: (mode: AuthDialogMode) => void;
  onClose: () => void;
}

/** Spec 2: login and signup modes, plus forgot-password reached only from login. */
export function AuthDialog({ mode, onModeChange, onClose }: AuthDialogProps) {
  const [forgotPassword, setForgotPassword] = useState(false);
  const [shownMode, setShownMode] = useState(mode);
  // Any switch between login and signup (also from the header) leaves forgot-password mode.
  if (shownMode !== mode) {
    setShownMode(mode);
    setForgotPassword(false);
  }
  const current: Mode = forgotPassword && mode === 'login' ? 'forgot-password' : mode;
  const { title, description, notice } = copy[current];

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <div className="mt-6 flex gap-3 rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-900 dark:border-rose-500/30 dark:bg-rose-500/10 dark:text-rose-100">
          <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div className="space-y-2">
            <p>{notice}</p>
            <p>
              Meanwhile, try the{' '}
              <Link className="font-medium underline" to="/caption-generator">
                Caption Generator
              </Link>{' '}
              or browse{' '}
              <Link className="font-medium underline" to="/reddit">
                Reddit posting
              </Link>{' '}
              without an account.
            </p>
          </div>
        </div>
        <div className="mt-6 flex flex-col items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          {current === 'login' && (
            <>
              <button type="button" className={linkButton} onClick={() => setForgotPassword(true)}>
                Forgot password?
              </button>
              <p>
                Don’t have an account?{' '}
                <button type="button" className={linkButton} onClick={() => onModeChange('signup')}>
                  Sign up
                </button>
              </p>
            </>
          )}
          {current === 'signup' && (
            <p>
              Already have an account?{' '}
              <button type="button" className={linkButton} onClick={() => onModeChange('login')}>
                Log in
              </button>
            </p>
          )}
          {current === 'forgot-password' && (
            <button type="button" className={linkButton} onClick={() => setForgotPassword(false)}>
              Back to Login
            </button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
