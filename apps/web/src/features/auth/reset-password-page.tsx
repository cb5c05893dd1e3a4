import { useEffect, useState } from 'react';
import { CircleCheck, LockKeyhole } from 'lucide-react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { accountFlowTexts, authTexts } from '@app/shared/messages';
import { Button } from '../../components/ui/button';
import { Form, type InvalidToast } from '../../components/ui/form/form';
import { PasswordInput } from '../../components/ui/form/input';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { toast } from '../../components/ui/toast';
import { useResetPassword } from './api/reset-password';
import { AccountPageLayout } from './components/account-page-layout';
import { FormAlert } from './components/form-alert';
import { serverMessageOr } from './error-text';

// docs/product.md#accounts-and-sign-in: the success screen hands over to /login after 3 seconds.
export const resetRedirectDelayMs = 3000;
const minLength = 8;
const emptyValues = { password: '', confirm: '' };

// Matching comes first: a typo in one of the two fields is the likelier mistake.
const resetSchema = z.object({ password: z.string(), confirm: z.string() }).superRefine((values, ctx) => {
  if (values.password !== values.confirm) {
    ctx.addIssue({ code: 'custom', path: ['confirm'], message: authTexts.passwordsDontMatch });
  } else if (values.password.length < minLength) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: authTexts.passwordTooShortText });
  }
});

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
  const form = useZodForm(resetSchema, { defaultValues: emptyValues, clearErrorsOnEdit: 'all' });
  const [failure, setFailure] = useState<string | null>(null);
  const resetMutation = useResetPassword();

  if (!token) return <MissingToken />;
  if (resetMutation.isSuccess) return <ResetDone />;

  // An arrow function keeps TypeScript's knowledge that token is set (a declaration is hoisted).
  const submit = ({ password }: typeof emptyValues) => {
    resetMutation.mutate(
      { token, newPassword: password },
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
    <AccountPageLayout
      icon={LockKeyhole}
      title="Reset Password"
      description="Choose a new password for your account."
    >
      <Form
        form={form}
        invalidToast={resetToast}
        onSubmitAttempt={() => setFailure(null)}
        onSubmit={submit}
        className="space-y-4"
      >
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        <PasswordInput
          id="reset-new-password"
          label="New password"
          autoComplete="new-password"
          registration={form.register('password')}
          error={form.formState.errors.password}
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
          registration={form.register('confirm')}
          error={form.formState.errors.confirm}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Saving...' : 'Reset Password'}
        </Button>
      </Form>
      <Link
        to="/login"
        className="inline-block text-sm font-medium text-rose-600 hover:underline dark:text-rose-400"
      >
        Back to Login
      </Link>
    </AccountPageLayout>
  );
}
