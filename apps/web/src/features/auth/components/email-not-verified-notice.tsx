import { accountFlowTexts, authTexts, httpMessages } from '@app/shared/messages';
import { Button } from '../../../components/ui/button';
import { useResendVerification } from '../../../lib/resend-verification';
import { FormAlert } from './form-alert';

/** Resending the verification mail, with its outcome toasts; shared by the notice and the toast action. */
export function useResendVerificationFlow() {
  const mutation = useResendVerification();
  function resend(email: string) {
    mutation.mutate(email);
  }
  return { resend, isPending: mutation.isPending, isSent: mutation.isSuccess };
}

interface EmailNotVerifiedNoticeProps {
  email?: string;
  resending: boolean;
  sent: boolean;
  onResend: (email: string) => void;
}

/** docs/product.md#accounts-and-sign-in: the login refusal for an unverified e-mail, with the Resend verification action. */
export function EmailNotVerifiedNotice({ email, resending, sent, onResend }: EmailNotVerifiedNoticeProps) {
  return (
    <FormAlert
      tone="warning"
      title={authTexts.emailNotVerifiedTitle}
      actions={
        email && (
          <Button size="sm" variant="outline" disabled={resending} onClick={() => onResend(email)}>
            {resending ? 'Sending...' : authTexts.resendVerification}
          </Button>
        )
      }
    >
      <p>{httpMessages.emailNotVerified}</p>
      {!email && <p className="mt-1">{accountFlowTexts.emailNotVerifiedNoEmail}</p>}
      {sent && <p className="mt-1 font-medium">{authTexts.verificationEmailSent}.</p>}
    </FormAlert>
  );
}
