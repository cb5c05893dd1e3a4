import { referralTexts } from '@app/shared/referral';
import { ListLoadError } from '../../components/list-load-error';
import { PageLayout } from '../../components/page-layout';
import { Spinner } from '../../components/ui/spinner';
import { useReferralOverview } from './api/referral-overview';
import { ReferralStats } from './components/referral-stats';
import { ReferredPeople } from './components/referred-people';
import { ShareCard } from './components/share-card';

export function ReferralPage() {
  const overview = useReferralOverview();
  return (
    <PageLayout title={referralTexts.pageTitle} description={referralTexts.pageDescription}>
      {overview.isPending ? (
        <div className="flex justify-center p-10">
          <Spinner label={referralTexts.loading} />
        </div>
      ) : overview.isError ? (
        <ListLoadError
          title={referralTexts.loadFailed}
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-6">
          <ShareCard code={overview.data.code} />
          <ReferralStats overview={overview.data} />
          <ReferredPeople
            people={overview.data.referrals}
            creditPerReferralCents={overview.data.earnings.creditPerReferralCents}
          />
        </div>
      )}
    </PageLayout>
  );
}
