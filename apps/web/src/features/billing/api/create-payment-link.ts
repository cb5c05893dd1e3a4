import { useMutation } from '@tanstack/react-query';
import { billingTexts, paymentLinkResponseSchema } from '@app/shared/billing';
import type { PaidPlan } from '@app/shared/plans';
import { toast } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/request';
import { billingErrorText } from '../lib/billing-error-text';

/** POST /api/billing/payment-link {plan}: a hosted Stripe payment page for the plan. */
export async function createPaymentLink(plan: PaidPlan): Promise<string> {
  const body = await apiRequest('POST', '/api/billing/payment-link', {
    body: { plan },
    schema: paymentLinkResponseSchema,
  });
  return body.paymentUrl;
}

const failureToastId = 'payment-link-failed';

/**
 * docs/product.md#billing: the payment page opens in a new tab. The tab is opened during the click (browsers block
 * pop-ups opened after an await) and sent to Stripe once the link arrives; without a tab (blocked)
 * this tab goes there instead, so the click never does nothing.
 */
export function useOpenPaymentLink() {
  return useMutation({
    mutationFn: async ({ plan, tab }: { plan: PaidPlan; tab: Window | null }) => {
      try {
        const url = await createPaymentLink(plan);
        if (tab && !tab.closed) tab.location.href = url;
        else window.location.assign(url);
        return url;
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
    onMutate: () => {
      toast.dismiss(failureToastId);
    },
    onError: (error) => {
      toast.error(billingTexts.paymentLinkFailed, {
        id: failureToastId,
        description: billingErrorText(error),
      });
    },
  });
}

/** A blank tab opened synchronously in the click handler, cut off from this page. */
export function openBlankTab(): Window | null {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return tab;
}
