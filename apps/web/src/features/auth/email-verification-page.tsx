import { MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { AccountPageLayout } from './components/account-page-layout';

export function EmailVerificationPage() {
  return (
    <AccountPageLayout icon={MailCheck} title="Email Verification">
      <p>Confirming your email from the link we sent opens very soon. Please try your link again a little later.</p>
      <Button asChild className="w-full">
        <Link to="/login">Go to Login</Link>
      </Button>
    </AccountPageLayout>
  );
}
