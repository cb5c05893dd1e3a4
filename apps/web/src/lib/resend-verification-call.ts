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

export function showResent(): void {
  toast.success(authTexts.verificationEmailSent, { description: accountFlowTexts.verificationEmailSentText });
}

export function showResendFailed(error: unknown): void {
  toast.error(accountFlowTexts.resendFailedTitle, { description: userFacingMessage(error) });
}

/** The call with its outcome toasts, without the query client (the sign-in notice); true once sent. */
export async function resendVerificationWithToasts(email: string): Promise<boolean> {
  try {
    await resendVerification(email);
  } catch (error) {
    showResendFailed(error);
    return false;
  }
  showResent();
  return true;
}
