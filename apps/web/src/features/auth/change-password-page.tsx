import { useState } from 'react';
import { Home, ShieldAlert, ShieldQuestion } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { accountFlowTexts, authTexts } from '@app/shared/messages';
import { Button } from '../../components/ui/button';
import { PasswordInput } from '../../components/ui/form/input';
import { useCheckedForm } from '../../components/ui/form/use-checked-form';
import { toast } from '../../components/ui/toast';
import { useCachedUser } from '../../lib/session-context';
import { AccountPageLayout } from './components/account-page-layout';
import { FormAlert } from './components/form-alert';
import { emptyPasswordChange, passwordChangeToast } from './change-password-toast';

type Field = keyof typeof emptyPasswordChange;

// What a submit needs, fetched when the user starts on the form (decision 033).
const loadSchema = async () =>
  (await import('./change-password-form')).passwordChangeSchema(accountFlowTexts.currentPasswordRequired);
const loadCall = () => Promise.all([import('./api/change-password'), import('./error-text')]);

/** docs/product.md#accounts-and-sign-in: replacing a temporary password (?userId=… from the 202 login answer). */
export function ChangePasswordPage() {
  const [params] = useSearchParams();
  const userId = params.get('userId');
  // No lookup here (docs/product.md#accounts-and-sign-in): only a user already in the cache can show the change is not needed.
  const cachedUser = useCachedUser();
  const form = useCheckedForm({
    initialValues: emptyPasswordChange,
    loadSchema,
    preload: loadCall,
    clearErrorsOnEdit: 'all',
    invalidToast: passwordChangeToast,
  });
  const [failure, setFailure] = useState<string | null>(null);
  // 'done': signed in with the new password, the page is reloading into the dashboard.
  const [state, setState] = useState<'idle' | 'pending' | 'done'>('idle');

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

  const submit = async ({ current, next }: typeof emptyPasswordChange) => {
    setState('pending');
    const [{ changePassword }, { serverMessageOr }] = await loadCall();
    let message: string;
    try {
      ({ message } = await changePassword({ userId, currentPassword: current, newPassword: next }));
    } catch (error) {
      setState('idle');
      const text = serverMessageOr(error, accountFlowTexts.changePasswordFailed);
      setFailure(text);
      toast.error(text);
      return;
    }
    setState('done');
    toast.success(accountFlowTexts.passwordChangedTitle, { description: message });
    // A full page load, so the app starts over with the signed-in user.
    window.location.assign('/dashboard');
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <PasswordInput
      id={`change-${name}`}
      label={label}
      autoComplete={autoComplete}
      registration={form.field(name)}
      error={form.errors[name]}
    />
  );
  const busy = state !== 'idle';

  return (
    <AccountPageLayout
      icon={ShieldAlert}
      title="Change Password"
      description="For your security, replace your temporary password before you continue."
    >
      <form
        {...form.formProps}
        onSubmit={form.handleSubmit({ onAttempt: () => setFailure(null), onValid: submit })}
        className="space-y-4"
      >
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        {field('current', 'Current password', 'current-password')}
        {field('next', 'New password', 'new-password')}
        {field('confirm', 'Confirm new password', 'new-password')}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Saving...' : 'Change Password'}
        </Button>
      </form>
      <Link
        to="/logout"
        className="inline-block text-sm font-medium text-rose-600 hover:underline dark:text-rose-400"
      >
        Sign out instead
      </Link>
    </AccountPageLayout>
  );
}
