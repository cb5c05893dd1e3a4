import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { loginFormSchema } from '@app/shared/auth';
import { errorCodes } from '@app/shared/errors';
import { accountFlowTexts, authTexts, httpMessages } from '@app/shared/messages';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form/form';
import { Input, PasswordInput } from '../../../components/ui/form/input';
import { toast } from '../../../components/ui/toast';
import { ApiError, userFacingMessage } from '../../../lib/request';
import { useLogin, type LoginResult } from '../api/login';
import { EmailNotVerifiedNotice, useResendVerificationFlow } from './email-not-verified-notice';
import { FormAlert } from './form-alert';

const forgotLinkClasses =
  'cursor-pointer text-sm font-medium text-rose-600 hover:underline dark:text-rose-400';

interface LoginFormProps {
  initialIdentifier?: string;
  /** A success note above the form, e.g. after signing up. */
  notice?: string;
  onForgotPassword: () => void;
}

/** docs/product.md#accounts-and-sign-in: login by username or e-mail; 202 leads to the forced password change. */
export function LoginForm({ initialIdentifier = '', notice, onForgotPassword }: LoginFormProps) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [unverified, setUnverified] = useState<{ email?: string } | null>(null);
  const loginMutation = useLogin();
  const resendFlow = useResendVerificationFlow();
  const leaving = loginMutation.isSuccess && loginMutation.data.kind === 'signed-in';
  const busy = loginMutation.isPending || leaving;

  function onSuccess(result: LoginResult) {
    if (result.kind === 'must-change-password') {
      void navigate(`/change-password?userId=${encodeURIComponent(result.userId)}`);
      return;
    }
    toast.success(authTexts.welcomeBack);
    // docs/product.md#accounts-and-sign-in: a successful login reloads the page, so every part of the app starts signed in.
    window.location.assign('/dashboard');
  }

  function onError(error: Error, identifier: string) {
    if (error instanceof ApiError && error.code === errorCodes.emailNotVerified) {
      const email = error.email ?? (identifier.includes('@') ? identifier : undefined);
      setUnverified({ email });
      toast.error(authTexts.emailNotVerifiedTitle, {
        description: httpMessages.emailNotVerified,
        action: email
          ? { label: authTexts.resendVerification, onClick: () => resendFlow.resend(email) }
          : undefined,
      });
      return;
    }
    const message = userFacingMessage(error);
    setFailure(message);
    toast.error(accountFlowTexts.loginFailedTitle, { description: message });
  }

  function submit(payload: z.output<typeof loginFormSchema>) {
    loginMutation.mutate(payload, { onSuccess, onError: (error) => onError(error, payload.username) });
  }

  return (
    <Form
      schema={loginFormSchema}
      options={{ defaultValues: { username: initialIdentifier, password: '' } }}
      onSubmitAttempt={() => {
        setFailure(null);
        setUnverified(null);
      }}
      onSubmit={submit}
      className="mt-6 space-y-4"
    >
      {({ register, formState: { errors } }) => (
        <>
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
          <Input
            id="login-username"
            label="Username or email"
            autoComplete="username"
            registration={register('username')}
            error={errors.username}
          />
          <PasswordInput
            id="login-password"
            label="Password"
            autoComplete="current-password"
            registration={register('password')}
            error={errors.password}
            labelAside={
              <button type="button" className={forgotLinkClasses} onClick={onForgotPassword}>
                Forgot password?
              </button>
            }
          />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? 'Logging in...' : 'Log In'}
          </Button>
        </>
      )}
    </Form>
  );
}
