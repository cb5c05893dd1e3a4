import { accountFlowTexts, authTexts } from '@app/shared/messages';
import { toast } from '../../components/ui/toast';
import { applyReferral } from './api/apply-referral';
import { serverMessageOr } from './error-text';
import { clearPendingReferralCode, getPendingReferralCode } from './pending-referral-code';

/**
 * docs/product.md#accounts-and-sign-in: after a successful signup, the pending referral code (from ?ref=) is applied for the new
 * e-mail and forgotten once the server recorded it. Independent of any component, so closing the
 * dialog mid-request still shows the outcome.
 */
export async function applyPendingReferral(email: string): Promise<void> {
  const referralCode = getPendingReferralCode();
  if (!referralCode) return;
  try {
    const result = await applyReferral({ referralCode, email });
    if (!result.success) {
      toast.error(authTexts.referralNotRecorded, {
        description: result.error ?? accountFlowTexts.referralNotRecordedText,
      });
      return;
    }
    clearPendingReferralCode();
    toast.success(authTexts.referralRecorded, {
      description: result.status === 'linked' ? authTexts.referralLinked : authTexts.referralSavedForReview,
    });
  } catch (error) {
    toast.error(authTexts.referralNotRecorded, {
      description: serverMessageOr(error, accountFlowTexts.referralNotRecordedText),
    });
  }
}
