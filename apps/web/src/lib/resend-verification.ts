import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { accountFlowTexts, authTexts } from '@app/shared/messages';
import { toast } from '../components/ui/toast';
import { apiRequest, userFacingMessage } from './request';

const messageSchema = z.object({ message: z.string() });

/**
 * POST /api/auth/resend-verification: mails a fresh verification link. The sign-in notice, the
 * communities alert and the scheduler's gate all offer it, so the call lives here once.
 */
export async function resendVerification(email: string) {
  return apiRequest('POST', '/api/auth/resend-verification', { body: { email }, schema: messageSchema });
}

/** The call with its outcome toasts, the same wherever the button sits. */
export function useResendVerification() {
  return useMutation({
    mutationFn: resendVerification,
    onSuccess: () =>
      toast.success(authTexts.verificationEmailSent, {
        description: accountFlowTexts.verificationEmailSentText,
      }),
    onError: (error) =>
      toast.error(accountFlowTexts.resendFailedTitle, { description: userFacingMessage(error) }),
  });
}
