import { LockKeyhole } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { AccountPageLayout } from './components/account-page-layout';

export function ResetPasswordPage() {
  return (
    <AccountPageLayout icon={LockKeyhole} title="Reset Password">
      <p>Choosing a new password from your reset link opens very soon. Please try your link again a little later.</p>
      <Button asChild variant="outline" className="w-full">
        <Link to="/login">Back to Login</Link>
      </Button>
    </AccountPageLayout>
  );
}
