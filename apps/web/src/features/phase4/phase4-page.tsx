import { FlaskConical } from 'lucide-react';
import { ComingSoon } from '../../components/coming-soon';
import { PageLayout } from '../../components/page-layout';

export function Phase4Page() {
  return (
    <PageLayout title="Phase 4" description="Early access to the next wave of Creator Studio tools.">
      <ComingSoon
        icon={FlaskConical}
        title="New tools are being prepared"
        description="This is where upcoming experiments appear first. Check back soon; nothing here needs your attention yet."
      />
    </PageLayout>
  );
}
