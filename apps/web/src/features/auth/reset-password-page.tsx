import { useEffect, useState, type FormEvent } from 'react';
import { CircleCheck, LockKeyhole } from 'lucide-react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { accountFlowTexts, authTexts } from '@app/shared/messages';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { useResetPassword } from './api/reset-password';
import { AccountPageLayout } from './components/account-page-layout';
import { FormAlert } from './components/form-alert';
import { PasswordField } from '../../components/form-field';
import { serverMessageOr } from './error-text';

// Spec 9: the success screen hands over to /login after 3 seconds.
export const resetRedirectDelayMs = 3000;
const minLength = 8;

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

/** Spec 2 and 5: choose a new password from the mailed link (?token=…). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const resetMutation = useResetPassword();

  if (!token) return <MissingToken />;
  if (resetMutation.isSuccess) return <ResetDone />;

  function change(update: Partial<typeof values>) {
    setValues((current) => ({ ...current, ...update }));
    setErrors({});
  }

  // An arrow function keeps TypeScript's knowledge that token is set (a declaration is hoisted).
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (values.password !== values.confirm) {
      toast.error(authTexts.passwordsDontMatch, { description: 'Type the same new password in both fields.' });
      setErrors({ confirm: authTexts.passwordsDontMatch });
      return;
    }
    if (values.password.length < minLength) {
      toast.error(authTexts.passwordTooShortTitle, { description: authTexts.passwordTooShortText });
      setErrors({ password: authTexts.passwordTooShortText });
      return;
    }
    setErrors({});
    resetMutation.mutate(
      { token, newPassword: values.password },
      {
        onError: (error) => {
          const message = serverMessageOr(error, authTexts.resetFailed);
          setFailure(message);
          toast.error(message);
        },
      },
    );
  };

  const busy = resetMutation.isPending;
  return (
    <AccountPageLayout icon={LockKeyhole} title="Reset Password" description="Choose a new password for your account.">
      <form noValidate onSubmit={submit} className="space-y-4">
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        <PasswordField
          id="reset-new-password"
          label="New password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          hint={<p className="text-left text-xs">At least 8 characters, with upper- and lowercase letters and a number.</p>}
          onValueChange={(password) => change({ password })}
        />
        <PasswordField
          id="reset-confirm-password"
          label="Confirm password"
          autoComplete="new-password"
          value={values.confirm}
          error={errors.confirm}
          onValueChange={(confirm) => change({ confirm })}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Saving...' : 'Reset Password'}
        </Button>
      </form>
      <Link to="/login" className="inline-block text-sm font-medium text-rose-600 hover:underline dark:text-rose-400">
        Back to Login
      </Link>
    </AccountPageLayout>
  );
}
