import { useState } from 'react';
import { accountFlowTexts, authTexts, httpMessages } from '@app/shared/messages';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { FormAlert } from './form-alert';

/**
 * Resending the verification mail, with its outcome toasts; shared by the notice and the toast
 * action. The call's code (and zod) is fetched on the click: a visitor's login page does without it.
 */
export function useResendVerificationFlow() {
  const [state, setState] = useState<'idle' | 'pending' | 'sent'>('idle');
  async function send(email: string) {
    setState('pending');
    try {
      const { resendVerificationWithToasts } = await import('../../../lib/resend-verification-call');
      setState((await resendVerificationWithToasts(email)) ? 'sent' : 'idle');
    } catch {
      toast.error(accountFlowTexts.resendFailedTitle, { description: httpMessages.network });
      setState('idle');
    }
  }
  return {
    resend: (email: string) => void send(email),
    isPending: state === 'pending',
    isSent: state === 'sent',
  };
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
