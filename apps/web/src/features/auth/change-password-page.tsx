import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Home, ShieldAlert, ShieldQuestion } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { accountFlowTexts, authTexts } from '@app/shared/messages';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form/form';
import { PasswordInput } from '../../components/ui/form/input';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { toast } from '../../components/ui/toast';
import { useChangePassword } from './api/change-password';
import { currentUserQueryOptions } from './api/get-current-user';
import { AccountPageLayout } from './components/account-page-layout';
import { FormAlert } from './components/form-alert';
import { emptyPasswordChange, passwordChangeSchema, passwordChangeToast } from './change-password-form';
import { serverMessageOr } from './error-text';

type Field = keyof typeof emptyPasswordChange;
const schema = passwordChangeSchema(accountFlowTexts.currentPasswordRequired);

/** docs/product.md#accounts-and-sign-in: replacing a temporary password (?userId=… from the 202 login answer). */
export function ChangePasswordPage() {
  const [params] = useSearchParams();
  const userId = params.get('userId');
  // No lookup here (docs/product.md#accounts-and-sign-in): only a user already in the cache can show the change is not needed.
  const { data: cachedUser } = useQuery({ ...currentUserQueryOptions(), enabled: false });
  const form = useZodForm(schema, { defaultValues: emptyPasswordChange, clearErrorsOnEdit: 'all' });
  const [failure, setFailure] = useState<string | null>(null);
  const changeMutation = useChangePassword();

  if (cachedUser && !cachedUser.mustChangePassword) return <Navigate to="/dashboard" replace />;
  if (!userId) {
    return (
      <AccountPageLayout
        icon={ShieldQuestion}
        tone="error"
        title={authTexts.invalidRequest}
        description={accountFlowTexts.invalidRequestText}
      >
        <Button asChild className="w-full">
          <Link to="/">
            <Home aria-hidden="true" className="size-4" /> {accountFlowTexts.backHome}
          </Link>
        </Button>
      </AccountPageLayout>
    );
  }

  const submit = ({ current, next }: typeof emptyPasswordChange) => {
    changeMutation.mutate(
      { userId, currentPassword: current, newPassword: next },
      {
        onSuccess: ({ message }) => {
          toast.success(accountFlowTexts.passwordChangedTitle, { description: message });
          // A full page load, so the app starts over with the signed-in user.
          window.location.assign('/dashboard');
        },
        onError: (error) => {
          const text = serverMessageOr(error, accountFlowTexts.changePasswordFailed);
          setFailure(text);
          toast.error(text);
        },
      },
    );
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <PasswordInput
      id={`change-${name}`}
      label={label}
      autoComplete={autoComplete}
      registration={form.register(name)}
      error={form.formState.errors[name]}
    />
  );
  const busy = changeMutation.isPending || changeMutation.isSuccess;

  return (
    <AccountPageLayout
      icon={ShieldAlert}
      title="Change Password"
      description="For your security, replace your temporary password before you continue."
    >
      <Form
        form={form}
        invalidToast={passwordChangeToast}
        onSubmitAttempt={() => setFailure(null)}
        onSubmit={submit}
        className="space-y-4"
      >
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        {field('current', 'Current password', 'current-password')}
        {field('next', 'New password', 'new-password')}
        {field('confirm', 'Confirm new password', 'new-password')}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Saving...' : 'Change Password'}
        </Button>
      </Form>
      <Link
        to="/logout"
        className="inline-block text-sm font-medium text-rose-600 hover:underline dark:text-rose-400"
      >
        Sign out instead
      </Link>
    </AccountPageLayout>
  );
}
