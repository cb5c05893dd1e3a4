import { Settings } from 'lucide-react';
import { ComingSoon } from '../../components/coming-soon';
import { PageLayout } from '../../components/page-layout';

export function SettingsPage() {
  return (
    <PageLayout title="Settings" description="Manage your subscription, profile, preferences and privacy.">
      <ComingSoon
        icon={Settings}
        title="Account settings are on their way"
        description="Soon you can change your plan, edit your profile, choose notifications and export or delete your data here. You can already switch between light and dark mode from the header."
        highlights={[
          'Subscription and usage',
          'Profile and preferences',
          'Upgrade to Starter ($13.99/month) or Pro ($24.99/month)',
          'Data export and account deletion',
        ]}
      />
    </PageLayout>
  );
}
