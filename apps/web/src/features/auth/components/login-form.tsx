import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { loginFormSchema } from '@app/shared/auth';
import { errorCodes } from '@app/shared/errors';
import { accountFlowTexts, authTexts, httpMessages } from '@app/shared/messages';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { ApiError, userFacingMessage } from '../../../lib/request';
import { useLogin, type LoginResult } from '../api/login';
import { fieldId, useFormErrors } from '../use-form-errors';
import { EmailNotVerifiedNotice, useResendVerificationFlow } from './email-not-verified-notice';
import { FormAlert } from './form-alert';
import { FormField, PasswordField } from '../../../components/form-field';

type Field = 'username' | 'password';
const formId = 'login';
const forgotLinkClasses = 'cursor-pointer text-sm font-medium text-rose-600 hover:underline dark:text-rose-400';

interface LoginFormProps {
  initialIdentifier?: string;
  /** A success note above the form, e.g. after signing up. */
  notice?: string;
  onForgotPassword: () => void;
}

/** Spec 4: login by username or e-mail; 202 leads to the forced password change. */
export function LoginForm({ initialIdentifier = '', notice, onForgotPassword }: LoginFormProps) {
  const navigate = useNavigate();
  const [values, setValues] = useState({ username: initialIdentifier, password: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [unverified, setUnverified] = useState<{ email?: string } | null>(null);
  const { errors, validate, clearError } = useFormErrors<Field>(formId);
  const loginMutation = useLogin();
  const resendFlow = useResendVerificationFlow();
  const leaving = loginMutation.isSuccess && loginMutation.data.kind === 'signed-in';
  const busy = loginMutation.isPending || leaving;

  const change = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  };

  function onSuccess(result: LoginResult) {
    if (result.kind === 'must-change-password') {
      void navigate(`/change-password?userId=${encodeURIComponent(result.userId)}`);
      return;
    }
    toast.success(authTexts.welcomeBack);
    // Spec 4: a successful login reloads the page, so every part of the app starts signed in.
    window.location.assign('/dashboard');
  }

  function onError(error: Error, identifier: string) {
    if (error instanceof ApiError && error.code === errorCodes.emailNotVerified) {
      const email = error.email ?? (identifier.includes('@') ? identifier : undefined);
      setUnverified({ email });
      toast.error(authTexts.emailNotVerifiedTitle, {
        description: httpMessages.emailNotVerified,
        action: email ? { label: authTexts.resendVerification, onClick: () => resendFlow.resend(email) } : undefined,
      });
      return;
    }
    const message = userFacingMessage(error);
    setFailure(message);
    toast.error(accountFlowTexts.loginFailedTitle, { description: message });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setUnverified(null);
    const payload = validate(loginFormSchema, values);
    if (!payload) return;
    loginMutation.mutate(payload, { onSuccess, onError: (error) => onError(error, payload.username) });
  }

  return (
    <form noValidate onSubmit={submit} className="mt-6 space-y-4">
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      {unverified && (
        <EmailNotVerifiedNotice
          email={unverified.email}
          resending={resendFlow.isPending}
          sent={resendFlow.isSent}
          onResend={resendFlow.resend}
        />
      )}
      {failure && <FormAlert tone="error">{failure}</FormAlert>}
      <FormField
        id={fieldId(formId, 'username')}
        label="Username or email"
        autoComplete="username"
        value={values.username}
        error={errors.username}
        onValueChange={change('username')}
      />
      <PasswordField
        id={fieldId(formId, 'password')}
        label="Password"
        autoComplete="current-password"
        value={values.password}
        error={errors.password}
        onValueChange={change('password')}
        labelAside={
          <button type="button" className={forgotLinkClasses} onClick={onForgotPassword}>
            Forgot password?
          </button>
        }
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Logging in...' : 'Log In'}
      </Button>
    </form>
  );
}
