import { useMutation } from '@tanstack/react-query';
import { resendVerification, showResendFailed, showResent } from './resend-verification-call';

/** Resending the verification mail with its outcome toasts, the same wherever the button sits. */
export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification, onSuccess: showResent, onError: showResendFailed });
}
