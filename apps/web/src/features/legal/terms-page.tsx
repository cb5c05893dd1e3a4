import { PageLayout } from '../../components/page-layout';
import { Card, CardContent } from '../../components/ui/card';

export function TermsPage() {
  return (
    <PageLayout title="Terms of Service" description="The rules for using Creator Studio.">
      <Card>
        <CardContent className="space-y-4 text-zinc-700 dark:text-zinc-300">
          <p>
            Creator Studio is for adults (18+) who create and promote their own content. You are responsible for what
            you upload and post, and for following the rules of every platform and community you post to.
          </p>
          <p>
            Paid plans renew monthly until cancelled and come with a 30-day money-back guarantee. The complete terms
            will be published on this page soon.
          </p>
        </CardContent>
      </Card>
    </PageLayout>
  );
}
