import { Users } from 'lucide-react';
import { ComingSoon } from '../../components/coming-soon';
import { PageLayout } from '../../components/page-layout';

export function ReferralPage() {
  return (
    <PageLayout
      title="Referral Program"
      description="Invite other creators to Creator Studio and track who joined through you."
    >
      <ComingSoon
        icon={Users}
        title="Your referral link is coming"
        description="As a Pro member you will get a personal referral code to share. Everyone who signs up with it is linked to your account."
        highlights={['A personal referral code', 'See who signed up through you']}
      />
    </PageLayout>
  );
}
