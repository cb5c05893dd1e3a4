import { Receipt } from 'lucide-react';
import { ComingSoon } from '../../components/coming-soon';
import { PageLayout } from '../../components/page-layout';

export function TaxTrackerPage() {
  return (
    <PageLayout
      title="Tax Tracker"
      description="Keep income and deductible expenses from your creator business in order."
    >
      <ComingSoon
        icon={Receipt}
        title="Your finance tools are on the way"
        description="Soon you can log income and expenses, tag deductible costs and see an estimate for tax time."
        highlights={[
          'Income and expense log',
          'Deduction categories for creators',
          'Yearly summaries',
          'Export for your accountant',
        ]}
      />
    </PageLayout>
  );
}
