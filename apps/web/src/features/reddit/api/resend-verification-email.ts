import { useMutation } from '@tanstack/react-query';
import { accountFlowTexts, authTexts } from '@app/shared/messages';
import { toast } from '../../../components/ui/toast';
import { apiRequest, userFacingMessage } from '../../../lib/request';

/** POST /api/auth/resend-verification, for the access gate's button (features do not import each other). */
export async function resendVerificationEmail(email: string): Promise<void> {
  await apiRequest('POST', '/api/auth/resend-verification', { email });
}

export function useResendVerificationEmail() {
  return useMutation({
    mutationFn: resendVerificationEmail,
    onSuccess: () =>
      toast.success(authTexts.verificationEmailSent, {
        description: accountFlowTexts.verificationEmailSentText,
      }),
    onError: (error) =>
      toast.error(accountFlowTexts.resendFailedTitle, { description: userFacingMessage(error) }),
  });
}
