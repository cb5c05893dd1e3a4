import { ShieldHalf } from 'lucide-react';
import { Link } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import { PageLayout } from '../../components/page-layout';
import { Button } from '../../components/ui/button';

export function AdminPage() {
  return (
    <PageLayout title="Admin Portal" description="Tools for running Creator Studio.">
      <ComingSoon
        icon={ShieldHalf}
        title="Admin tools are being built"
        description="User management and platform statistics will live here."
        actions={
          <Button asChild variant="outline">
            <Link to="/admin/leads">View leads</Link>
          </Button>
        }
      />
    </PageLayout>
  );
}
