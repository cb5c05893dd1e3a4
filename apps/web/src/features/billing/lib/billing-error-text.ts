import { billingErrorCodes } from '@app/shared/billing';
import { ApiError, userFacingMessage } from '../../../lib/request';

// The server words these for the user (what happened, that nothing was charged, what to do), so
// they are shown as they are, even on a 5xx whose details are otherwise hidden.
const explainedCodes: ReadonlySet<string> = new Set([
  billingErrorCodes.notConfigured,
  billingErrorCodes.providerUnavailable,
  billingErrorCodes.priceMismatch,
  billingErrorCodes.alreadySubscribed,
  billingErrorCodes.planChangeRequired,
  billingErrorCodes.noActiveSubscription,
  billingErrorCodes.noBillingAccount,
  billingErrorCodes.subscriptionEnding,
  billingErrorCodes.planChangePaymentFailed,
]);

export function billingErrorText(error: unknown): string {
  if (error instanceof ApiError && error.code && explainedCodes.has(error.code) && error.hasServerMessage) {
    return error.message;
  }
  return userFacingMessage(error);
}
