import { CircleCheck, LoaderCircle, MailX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { accountFlowTexts, authTexts, verificationFallbackMessage } from '@app/shared/messages';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/request';
import { useVerifyEmail } from './api/verify-email';
import { verificationErrorMessage } from './auth-error-messages';
import { loginPrefillState } from './login-prefill';
import { AccountPageLayout } from './components/account-page-layout';

type Outcome =
  { state: 'loading' } | { state: 'success'; email?: string } | { state: 'failure'; message: string };

function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return verificationFallbackMessage;
  if (error.status === 0) return authTexts.verificationNetworkError;
  return verificationErrorMessage(error.code);
}

/** Reads ?token, ?verified, ?error and ?email (docs/product.md#accounts-and-sign-in); only a token needs the server. */
function useOutcome(): Outcome {
  const [params] = useSearchParams();
  const token = params.get('token');
  const verified = params.get('verified') === 'true';
  const error = params.get('error');
  const lookup = useVerifyEmail(verified || error ? null : token);
  const email = params.get('email') ?? undefined;

  if (verified) return { state: 'success', email };
  if (error) return { state: 'failure', message: verificationErrorMessage(error) };
  if (!token) return { state: 'failure', message: authTexts.noVerificationToken };
  if (!lookup) return { state: 'loading' };
  if (lookup.ok) return { state: 'success', email: lookup.email ?? email };
  return { state: 'failure', message: failureMessage(lookup.error) };
}

/** docs/product.md#accounts-and-sign-in: confirms the e-mail from the mailed link; loading, success or failure. */
export function EmailVerificationPage() {
  const outcome = useOutcome();

  if (outcome.state === 'loading') {
    return (
      <AccountPageLayout
        icon={LoaderCircle}
        busy
        title="Email Verification"
        description={<p role="status">{accountFlowTexts.verifyingEmail}</p>}
      />
    );
  }

  if (outcome.state === 'success') {
    return (
      <AccountPageLayout
        icon={CircleCheck}
        tone="success"
        title={authTexts.emailVerifiedToast}
        description={accountFlowTexts.emailVerifiedText}
      >
        {outcome.email && (
          <p className="font-medium break-all text-zinc-900 dark:text-white">{outcome.email}</p>
        )}
        <Button asChild className="w-full">
          <Link to="/login" state={outcome.email ? loginPrefillState(outcome.email) : undefined}>
            Go to Login
          </Link>
        </Button>
      </AccountPageLayout>
    );
  }

  return (
    <AccountPageLayout
      icon={MailX}
      tone="error"
      title={accountFlowTexts.verificationFailedTitle}
      description={<p role="alert">{outcome.message}</p>}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Button asChild variant="outline">
          <Link to="/signup">Sign Up Again</Link>
        </Button>
        <Button asChild>
          <Link to="/login">Go to Login</Link>
        </Button>
      </div>
    </AccountPageLayout>
  );
}
