import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import { PageLayout } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import { PaymentReturnNotice } from '../billing/components/payment-return-notice';

export function DashboardPage() {
  return (
    <PageLayout
      title="Dashboard"
      description="Your daily overview: what you created, what is scheduled and how it performs."
    >
      <PaymentReturnNotice />
      <ComingSoon
        icon={LayoutDashboard}
        title="Your command centre is on its way"
        description="Soon this page gathers your generation count, upcoming posts and performance in one place. Until then, start creating content."
        highlights={[
          'Daily AI generations left on your plan',
          'Upcoming and recently sent Reddit posts',
          'Engagement trends across your platforms',
          'Quick links to your most used tools',
        ]}
        actions={
          <>
            <Button asChild>
              <Link to="/caption-generator">Write a caption</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/reddit/communities">Browse communities</Link>
            </Button>
          </>
        }
      />
    </PageLayout>
  );
}
