import { useSessionUser } from '../../../lib/session-context';
import { PlanOverview } from './plan-overview';

/** Spec 2: the Enterprise Billing tab, the settings plan section plus Stripe's hosted payment page. */
export function BillingTab() {
  const user = useSessionUser();
  return user ? <PlanOverview user={user} paymentLinks /> : null;
}
