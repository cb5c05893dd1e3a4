import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Home, ShieldAlert, ShieldQuestion } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { accountFlowTexts, authTexts, validationMessages } from '@app/shared/messages';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { useChangePassword } from './api/change-password';
import { currentUserQueryOptions } from './api/get-current-user';
import { AccountPageLayout } from './components/account-page-layout';
import { FormAlert } from './components/form-alert';
import { PasswordField } from '../../components/form-field';
import { serverMessageOr } from './error-text';

type Field = 'current' | 'next' | 'confirm';
const minLength = 8;

/** Spec 2 and 5: replacing a temporary password (?userId=… from the 202 login answer). */
export function ChangePasswordPage() {
  const [params] = useSearchParams();
  const userId = params.get('userId');
  // No lookup here (spec 2): only a user already in the cache can show the change is not needed.
  const { data: cachedUser } = useQuery({ ...currentUserQueryOptions(), enabled: false });
  const [values, setValues] = useState<Record<Field, string>>({ current: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const changeMutation = useChangePassword();

  if (cachedUser && !cachedUser.mustChangePassword) return <Navigate to="/dashboard" replace />;
  if (!userId) {
    return (
      <AccountPageLayout icon={ShieldQuestion} tone="error" title={authTexts.invalidRequest} description={accountFlowTexts.invalidRequestText}>
        <Button asChild className="w-full">
          <Link to="/">
            <Home aria-hidden="true" className="size-4" /> {accountFlowTexts.backHome}
          </Link>
        </Button>
      </AccountPageLayout>
    );
  }

  function reject(field: Field, title: string, text: string) {
    toast.error(title, { description: text });
    setErrors({ [field]: text });
    document.getElementById(`change-${field}`)?.focus();
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const { current, next, confirm } = values;
    if (current === '') return reject('current', validationMessages.validationErrorTitle, accountFlowTexts.currentPasswordRequired);
    if (next !== confirm) return reject('confirm', authTexts.passwordMismatchTitle, authTexts.passwordMismatchText);
    if (next.length < minLength) return reject('next', authTexts.newPasswordTooShortTitle, authTexts.newPasswordTooShortText);
    setErrors({});
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
    <PasswordField
      id={`change-${name}`}
      label={label}
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name]}
      onValueChange={(value) => {
        setValues((current) => ({ ...current, [name]: value }));
        setErrors({});
      }}
    />
  );
  const busy = changeMutation.isPending || changeMutation.isSuccess;

  return (
    <AccountPageLayout
      icon={ShieldAlert}
      title="Change Password"
      description="For your security, replace your temporary password before you continue."
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        {field('current', 'Current password', 'current-password')}
        {field('next', 'New password', 'new-password')}
        {field('confirm', 'Confirm new password', 'new-password')}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Saving...' : 'Change Password'}
        </Button>
      </form>
      <Link to="/logout" className="inline-block text-sm font-medium text-rose-600 hover:underline dark:text-rose-400">
        Sign out instead
      </Link>
    </AccountPageLayout>
  );
}
