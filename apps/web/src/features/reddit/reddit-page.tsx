import { MessageSquareShare } from 'lucide-react';
import { ComingSoon } from '../../components/coming-soon';
import { PageLayout } from '../../components/page-layout';

export function RedditPage() {
  return (
    <PageLayout
      title="Reddit Posting"
      description="Connect your Reddit account and post to the right communities at the right time."
    >
      <ComingSoon
        icon={MessageSquareShare}
        title="Reddit posting is almost here"
        description="Link your Reddit account, pick a community and schedule your post. We check each community's rules so your posts stay up."
        highlights={[
          'Connect your Reddit account securely',
          'Schedule posts for the best time',
          'See each post’s outcome',
          'Community rules at a glance',
        ]}
      />
    </PageLayout>
  );
}
