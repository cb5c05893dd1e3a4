import { useState } from 'react';
import { useNavigate } from 'react-router';
import { accountFlowTexts, authTexts, httpMessages } from '@app/shared/messages';
import { Button } from '../../../components/ui/button';
import { Input, PasswordInput } from '../../../components/ui/form/input';
import { useCheckedForm } from '../../../components/ui/form/use-checked-form';
import { toast } from '../../../components/ui/toast';
import type { LoginResult } from '../api/login';
import { EmailNotVerifiedNotice, useResendVerificationFlow } from './email-not-verified-notice';
import { FormAlert } from './form-alert';

const forgotLinkClasses =
  'cursor-pointer text-sm font-medium text-rose-600 hover:underline dark:text-rose-400';

// What a submit needs, fetched when the user starts on the form (decision 033).
const loadSchema = async () => (await import('@app/shared/auth')).loginFormSchema;
const loadCall = () =>
  Promise.all([import('../api/login'), import('../../../lib/request'), import('@app/shared/errors')]);

interface LoginFormProps {
  initialIdentifier?: string;
  /** A success note above the form, e.g. after signing up. */
  notice?: string;
  onForgotPassword: () => void;
  /** The pointer or focus reached "Forgot password?": its form may load now. */
  onForgotPasswordIntent?: () => void;
  /** While a login is under way the social buttons beside the form wait. */
  onBusyChange?: (busy: boolean) => void;
}

/** docs/product.md#accounts-and-sign-in: login by username or e-mail; 202 leads to the forced password change. */
export function LoginForm({
  initialIdentifier = '',
  notice,
  onForgotPassword,
  onForgotPasswordIntent,
  onBusyChange,
}: LoginFormProps) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [unverified, setUnverified] = useState<{ email?: string } | null>(null);
  // 'leaving': signed in, the page is reloading into the dashboard.
  const [state, setState] = useState<'idle' | 'pending' | 'leaving'>('idle');
  const resendFlow = useResendVerificationFlow();
  const form = useCheckedForm({
    initialValues: { username: initialIdentifier, password: '' },
    loadSchema,
    preload: loadCall,
  });

  function changeState(next: typeof state) {
    setState(next);
    onBusyChange?.(next !== 'idle');
  }

  function onSuccess(result: LoginResult) {
    if (result.kind === 'must-change-password') {
      changeState('idle');
      void navigate(`/change-password?userId=${encodeURIComponent(result.userId)}`);
      return;
    }
    changeState('leaving');
    toast.success(authTexts.welcomeBack);
    // docs/product.md#accounts-and-sign-in: a successful login reloads the page, so every part of the app starts signed in.
    window.location.assign('/dashboard');
  }

  async function submit(payload: { username: string; password: string }) {
    changeState('pending');
    const [{ login }, { ApiError, userFacingMessage }, { errorCodes }] = await loadCall();
    let result: LoginResult;
    try {
      result = await login(payload);
    } catch (error) {
      changeState('idle');
      if (error instanceof ApiError && error.code === errorCodes.emailNotVerified) {
        const email = error.email ?? (payload.username.includes('@') ? payload.username : undefined);
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
      return;
    }
    onSuccess(result);
  }

  const busy = state !== 'idle';
  return (
    <form
      {...form.formProps}
      onSubmit={form.handleSubmit({
        onAttempt: () => {
          setFailure(null);
          setUnverified(null);
        },
        onValid: submit,
      })}
      className="mt-6 space-y-4"
    >
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
        registration={form.field('username')}
        error={form.errors.username}
      />
      <PasswordInput
        id="login-password"
        label="Password"
        autoComplete="current-password"
        registration={form.field('password')}
        error={form.errors.password}
        labelAside={
          <button
            type="button"
            className={forgotLinkClasses}
            onClick={onForgotPassword}
            onPointerEnter={onForgotPasswordIntent}
            onFocus={onForgotPasswordIntent}
          >
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
