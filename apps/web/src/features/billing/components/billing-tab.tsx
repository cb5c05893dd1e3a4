import { useSessionUser } from '../../../lib/session-context';
import { PlanOverview } from './plan-overview';

/** docs/product.md#billing: the Enterprise Billing tab, the settings plan section plus Stripe's hosted payment page. */
export function BillingTab() {
  const user = useSessionUser();
  return user ? <PlanOverview user={user} paymentLinks /> : null;
}
