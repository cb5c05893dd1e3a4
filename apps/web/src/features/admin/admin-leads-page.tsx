import { Contact } from 'lucide-react';
import { Link } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import { PageLayout } from '../../components/page-layout';
import { Button } from '../../components/ui/button';

export function AdminLeadsPage() {
  return (
    <PageLayout title="Leads" description="People who showed interest in Creator Studio.">
      <ComingSoon
        icon={Contact}
        title="The leads list is being built"
        description="Sign-up interest and referral details collected for review will be listed here."
        actions={
          <Button asChild variant="outline">
            <Link to="/admin">Back to Admin Portal</Link>
          </Button>
        }
      />
    </PageLayout>
  );
}
