import { ArrowLeft, CreditCard, ShieldCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageLayout } from '../../components/page-layout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

const plans = {
  starter: { name: 'Starter', price: '$13.99' },
  pro: { name: 'Pro', price: '$24.99' },
} as const;

type PlanId = keyof typeof plans;

function planFrom(value: string | null): PlanId {
  return value === 'pro' ? 'pro' : 'starter';
}

export function CheckoutPage() {
  const [searchParams] = useSearchParams();
  const plan = plans[planFrom(searchParams.get('plan'))];

  return (
    <PageLayout
      title="Checkout"
      description="Review your plan and pay securely by card."
      actions={
        <Link
          to="/settings"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-rose-600 hover:underline dark:text-rose-400"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> Back to Settings
        </Link>
      }
    >
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{plan.name} plan</CardTitle>
            <CardDescription>Billed monthly. Cancel anytime, 30-day money-back guarantee.</CardDescription>
          </CardHeader>
          <CardContent>
            <p className="text-4xl font-bold tracking-tight">
              {plan.price}
              <span className="text-base font-medium text-zinc-500"> / month</span>
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <CreditCard aria-hidden="true" className="size-5 text-rose-600 dark:text-rose-400" /> Card payment
            </CardTitle>
            <CardDescription>Secure card payments open here soon. No charge has been made.</CardDescription>
          </CardHeader>
          <CardContent className="flex items-start gap-2 text-sm text-zinc-600 dark:text-zinc-400">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            Your card details will go straight to our payment provider and never touch our servers.
          </CardContent>
        </Card>
      </div>
    </PageLayout>
  );
}
