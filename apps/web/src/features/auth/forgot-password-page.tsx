import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { AccountPageLayout } from './components/account-page-layout';

export function ForgotPasswordPage() {
  return (
    <AccountPageLayout icon={KeyRound} title="Forgot Password">
      <p>
        Password reset by email opens very soon. You will enter your email here and receive a link to choose a new
        password.
      </p>
      <Button asChild variant="outline" className="w-full">
        <Link to="/login">Back to Login</Link>
      </Button>
    </AccountPageLayout>
  );
}
