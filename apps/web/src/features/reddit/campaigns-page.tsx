import { Link } from 'react-router';
import { CalendarClock } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { campaignSubredditLimitFor } from '@app/shared/plans';
import { deriveAccess } from '@app/shared/user';
import { AccessAlert } from '../../components/access-alert';
import { computeAccessGate } from '../../components/access-gate';
import { PageLayout } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import { currentUserQueryKey } from '../../lib/query-client';
import { useResendVerification } from '../../lib/resend-verification';
import { useSessionUser } from '../../lib/session-context';
import { campaignsQueryKey, useCampaigns } from './api/get-campaigns';
import { redditAccountsQueryKey, useRedditAccounts } from './api/get-reddit-accounts';
import { CampaignList } from './campaigns/campaign-list';
import { CampaignPlanner } from './campaigns/campaign-planner';
import { RepostList } from './reposts/repost-list';
import { PostingSetupNotice } from './components/posting-setup-notice';
import { CsvImportCard } from './import/csv-import-card';
import { campaignPageTexts as texts } from './lib/campaign-texts';

/** /reddit/campaigns: plan a campaign to many subreddits and follow the ones running (signed in). */
export function CampaignsPage() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const fullAccess = deriveAccess(user).hasFullAccess;
  const accounts = useRedditAccounts({ enabled: fullAccess });
  const campaigns = useCampaigns({ enabled: fullAccess });
  const resend = useResendVerification();
  const gate = computeAccessGate(user, accounts.error ?? campaigns.error);
  const actions = (
    <Button asChild variant="outline">
      <Link to="/reddit">
        <CalendarClock aria-hidden="true" className="size-4" />
        {texts.backToPosting}
      </Link>
    </Button>
  );
  return (
    <PageLayout title={texts.title} description={texts.description} actions={actions}>
      {gate ? (
        <AccessAlert
          gate={gate}
          onRetry={() => {
            void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
            void queryClient.invalidateQueries({ queryKey: redditAccountsQueryKey });
            void queryClient.invalidateQueries({ queryKey: campaignsQueryKey });
          }}
          resend={{
            pending: resend.isPending,
            sent: resend.isSuccess,
            onResend: (email) => resend.mutate(email),
          }}
        />
      ) : (
        <div className="space-y-6">
          {accounts.data?.postingAvailable === false && <PostingSetupNotice />}
          <CampaignPlanner
            accounts={accounts.data?.accounts}
            subredditLimit={user ? campaignSubredditLimitFor(user) : 5}
            pastCampaigns={campaigns.data}
          />
          <CsvImportCard accounts={accounts.data?.accounts} />
          <CampaignList campaigns={campaigns.data} error={campaigns.error} />
          <RepostList enabled={fullAccess} />
        </div>
      )}
    </PageLayout>
  );
}
