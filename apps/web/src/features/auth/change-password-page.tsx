import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { AccountPageLayout } from './components/account-page-layout';

export function ChangePasswordPage() {
  return (
    <AccountPageLayout icon={ShieldAlert} title="Change Password">
      <p>
        For your security, your temporary password has to be replaced before you continue. Changing it here opens very
        soon.
      </p>
      <Button asChild variant="outline" className="w-full">
        <Link to="/logout">Sign out for now</Link>
      </Button>
    </AccountPageLayout>
  );
}
