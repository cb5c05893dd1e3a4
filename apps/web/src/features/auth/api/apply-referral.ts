import { useMutation } from '@tanstack/react-query';
import { referralApplyResponseSchema, referralApplySchema } from '@app/shared/auth';
import { apiRequest } from '../../../lib/request';

export interface ApplyReferralInput {
  referralCode: string;
  email: string;
}

/**
 * POST /api/referral/apply, made by the signup flow (apply-pending-referral.ts), so auth owns it. The shared schema uppercases the code and lowercases and trims the
 * e-mail (docs/product.md#accounts-and-sign-in). Resolves to {success, status?, error?}; a refused code is success: false, not a throw.
 */
export async function applyReferral({ referralCode, email }: ApplyReferralInput) {
  const payload = referralApplySchema.parse({ referralCode, applicant: { email } });
  return apiRequest('POST', '/api/referral/apply', { body: payload, schema: referralApplyResponseSchema });
}

export function useApplyReferral() {
  return useMutation({ mutationFn: applyReferral });
}
