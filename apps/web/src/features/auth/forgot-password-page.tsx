import { useState } from 'react';
import { ArrowLeft, KeyRound, MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { authTexts } from '@app/shared/messages';
import { Button } from '../../components/ui/button';
import { AccountPageLayout } from './components/account-page-layout';
import { ForgotPasswordForm } from './components/forgot-password-form';

function BackToLogin({ variant }: { variant: 'primary' | 'ghost' }) {
  return (
    <Button asChild variant={variant} className="w-full">
      <Link to="/login">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Login
      </Link>
    </Button>
  );
}

/** docs/product.md#accounts-and-sign-in: an e-mail form, then the 'Check Your Email' confirmation with the neutral text. */
export function ForgotPasswordPage() {
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  if (sentMessage) {
    return (
      <AccountPageLayout
        icon={MailCheck}
        tone="success"
        title={authTexts.checkYourEmail}
        description={sentMessage}
      >
        <p className="text-sm">
          The link is valid for a limited time. Nothing arrived after a few minutes? Check your spam folder or{' '}
          <button
            type="button"
            className="cursor-pointer font-medium text-rose-600 hover:underline dark:text-rose-400"
            onClick={() => setSentMessage(null)}
          >
            try again
          </button>
          .
        </p>
        <BackToLogin variant="primary" />
      </AccountPageLayout>
    );
  }

  return (
    <AccountPageLayout
      icon={KeyRound}
      title="Forgot Password"
      description="Enter the email of your account and we will send you a link to choose a new password."
    >
      <ForgotPasswordForm formId="forgot-page" onSent={setSentMessage} />
      <BackToLogin variant="ghost" />
    </AccountPageLayout>
  );
}
