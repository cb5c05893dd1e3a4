import { Search } from 'lucide-react';
import { ComingSoon } from '../../components/coming-soon';
import { PageLayout } from '../../components/page-layout';

export function CommunitiesPage() {
  return (
    <PageLayout
      title="Reddit Communities"
      description="Find the subreddits where your content performs best: 180+ active communities with success scores and posting rules."
    >
      <ComingSoon
        icon={Search}
        title="The communities database is being loaded"
        description="Search and filter communities by category, promotion rules and verification, then open any row for its rules and best posting times."
        highlights={[
          'Success rate and engagement per community',
          'Promotion and verification rules',
          'Best posting times',
          'Posting limits and cooldowns',
        ]}
      />
    </PageLayout>
  );
}
