import { ExternalLink, LoaderCircle } from 'lucide-react';
import type { PaidPlan } from '@app/shared/plans';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { openBlankTab, useOpenPaymentLink } from '../api/create-payment-link';

interface PaymentLinkButtonProps {
  plan: PaidPlan;
  label?: string;
  variant?: ButtonVariant;
}

/** docs/product.md#billing: Stripe's hosted payment page for the plan, opened in a new tab. */
export function PaymentLinkButton({
  plan,
  label = "Pay on Stripe's secure page",
  variant = 'outline',
}: PaymentLinkButtonProps) {
  const openLink = useOpenPaymentLink();
  return (
    <Button
      variant={variant}
      disabled={openLink.isPending}
      aria-busy={openLink.isPending}
      onClick={() => openLink.mutate({ plan, tab: openBlankTab() })}
    >
      {openLink.isPending ? (
        <>
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Opening payment page...
        </>
      ) : (
        <>
          <ExternalLink aria-hidden="true" className="size-4" /> {label}
          <span className="sr-only"> (opens in a new tab)</span>
        </>
      )}
    </Button>
  );
}
