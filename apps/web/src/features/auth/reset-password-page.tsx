import { useEffect, useState } from 'react';
import { CircleCheck, LockKeyhole } from 'lucide-react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { accountFlowTexts, authTexts } from '@app/shared/messages';
import { Button } from '../../components/ui/button';
import type { InvalidToast } from '../../components/ui/form/invalid-toast';
import { PasswordInput } from '../../components/ui/form/input';
import { useCheckedForm } from '../../components/ui/form/use-checked-form';
import { toast } from '../../components/ui/toast';
import { AccountPageLayout } from './components/account-page-layout';
import { FormAlert } from './components/form-alert';

// docs/product.md#accounts-and-sign-in: the success screen hands over to /login after 3 seconds.
export const resetRedirectDelayMs = 3000;

// What a submit needs, fetched when the user starts on the form (decision 033).
const loadSchema = async () => (await import('./reset-password-schema')).resetSchema;
const loadCall = () => Promise.all([import('./api/reset-password'), import('./error-text')]);

const resetToast: InvalidToast = (field) =>
  field === 'confirm'
    ? { title: authTexts.passwordsDontMatch, description: 'Type the same new password in both fields.' }
    : { title: authTexts.passwordTooShortTitle, description: authTexts.passwordTooShortText };

function MissingToken() {
  useEffect(() => {
    // A fixed id: Strict Mode's second effect run updates this toast instead of adding another.
    toast.error(accountFlowTexts.invalidResetLinkTitle, {
      id: 'invalid-reset-link',
      description: accountFlowTexts.invalidResetLinkText,
    });
  }, []);
  return <Navigate to="/login" replace />;
}

function ResetDone() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate('/login', { replace: true }), resetRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <AccountPageLayout
      icon={CircleCheck}
      tone="success"
      title={accountFlowTexts.passwordResetDoneTitle}
      description={<p role="status">{accountFlowTexts.passwordResetDoneText}</p>}
    >
      <Button asChild className="w-full">
        <Link to="/login" replace>
          Go to Login now
        </Link>
      </Button>
    </AccountPageLayout>
  );
}

/** docs/product.md#accounts-and-sign-in: choose a new password from the mailed link (?token=…). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const form = useCheckedForm({
    initialValues: { password: '', confirm: '' },
    loadSchema,
    preload: loadCall,
    clearErrorsOnEdit: 'all',
    invalidToast: resetToast,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'pending' | 'done'>('idle');

  if (!token) return <MissingToken />;
  if (state === 'done') return <ResetDone />;

  // An arrow function keeps TypeScript's knowledge that token is set (a declaration is hoisted).
  const submit = async ({ password }: { password: string }) => {
    setState('pending');
    const [{ resetPassword }, { serverMessageOr }] = await loadCall();
    try {
      await resetPassword({ token, newPassword: password });
    } catch (error) {
      setState('idle');
      const message = serverMessageOr(error, authTexts.resetFailed);
      setFailure(message);
      toast.error(message);
      return;
    }
    setState('done');
  };

  const busy = state === 'pending';
  return (
    <AccountPageLayout
      icon={LockKeyhole}
      title="Reset Password"
      description="Choose a new password for your account."
    >
      <form
        {...form.formProps}
        onSubmit={form.handleSubmit({ onAttempt: () => setFailure(null), onValid: submit })}
        className="space-y-4"
      >
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        <PasswordInput
          id="reset-new-password"
          label="New password"
          autoComplete="new-password"
          registration={form.field('password')}
          error={form.errors.password}
          hint={
            <p className="text-left text-xs">
              At least 8 characters, with upper- and lowercase letters and a number.
            </p>
          }
        />
        <PasswordInput
          id="reset-confirm-password"
          label="Confirm password"
          autoComplete="new-password"
          registration={form.field('confirm')}
          error={form.errors.confirm}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Saving...' : 'Reset Password'}
        </Button>
      </form>
      <Link
        to="/login"
        className="inline-block text-sm font-medium text-rose-600 hover:underline dark:text-rose-400"
      >
        Back to Login
      </Link>
    </AccountPageLayout>
  );
}
