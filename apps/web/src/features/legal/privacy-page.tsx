import { PageLayout } from '../../components/page-layout';
import { Card, CardContent } from '../../components/ui/card';

export function PrivacyPage() {
  return (
    <PageLayout title="Privacy Policy" description="What we collect, why, and the choices you have.">
      <Card>
        <CardContent className="space-y-4 text-zinc-700 dark:text-zinc-300">
          <p>
            Your images stay private unless you choose to post them. We use your account details to run the service.
          </p>
          <p>
            You can export or delete your data from Settings at any time. The complete policy will be published on this
            page soon.
          </p>
        </CardContent>
      </Card>
    </PageLayout>
  );
}
