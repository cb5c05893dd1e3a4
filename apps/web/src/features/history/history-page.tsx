import { History } from 'lucide-react';
import { Link } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import { PageLayout } from '../../components/page-layout';
import { Button } from '../../components/ui/button';

export function HistoryPage() {
  return (
    <PageLayout
      title="Content History"
      description="Every caption and post you generated, searchable and ready to reuse."
    >
      <ComingSoon
        icon={History}
        title="Your history will appear here"
        description="Each piece of content you generate is kept here. Search it, filter by platform, and save your favourites."
        highlights={[
          'Search all your generations',
          'Filter by platform and type',
          'Save the content you like',
          'Delete what you no longer need',
        ]}
        actions={
          <Button asChild>
            <Link to="/caption-generator">Generate your first caption</Link>
          </Button>
        }
      />
    </PageLayout>
  );
}
