import { useState, type FormEvent } from 'react';
import { KeyRound, LoaderCircle } from 'lucide-react';
import { accountFlowTexts, authTexts, validationMessages } from '@app/shared/messages';
import type { User } from '@app/shared/user';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { useChangePassword } from '../../../features/auth/api/change-password';
import { PasswordField } from '../../../components/form-field';
import { serverMessageOr } from '../../../features/auth/error-text';

type Field = 'current' | 'next' | 'confirm';
const empty: Record<Field, string> = { current: '', next: '', confirm: '' };
const minLength = 8;

export const securityTexts = {
  changedText: 'Your new password is saved. You stay signed in here; other devices were signed out.',
} as const;

/**
 * Spec 2 "privacy and security": changing the password with the current one (the same call and
 * rules as the forced change, spec 5). The server signs every other session out.
 */
export function SecurityCard({ user }: { user: User }) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const change = useChangePassword();

  function reject(field: Field, title: string, text: string) {
    toast.error(title, { description: text });
    setErrors({ [field]: text });
    document.getElementById(`security-${field}`)?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const { current, next, confirm } = values;
    if (current === '')
      return reject('current', validationMessages.validationErrorTitle, validationMessages.passwordRequired);
    if (next !== confirm)
      return reject('confirm', authTexts.passwordMismatchTitle, authTexts.passwordMismatchText);
    if (next.length < minLength)
      return reject('next', authTexts.newPasswordTooShortTitle, authTexts.newPasswordTooShortText);
    setErrors({});
    change.mutate(
      { userId: user.id, currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setValues(empty);
          toast.success(accountFlowTexts.passwordChangedTitle, { description: securityTexts.changedText });
        },
        onError: (error) => toast.error(serverMessageOr(error, accountFlowTexts.changePasswordFailed)),
      },
    );
  }

  const field = (name: Field, label: string, autoComplete: string) => (
    <PasswordField
      id={`security-${name}`}
      label={label}
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name]}
      disabled={change.isPending}
      onValueChange={(value) => {
        setValues((current) => ({ ...current, [name]: value }));
        setErrors({});
      }}
    />
  );

  return (
    <Card id="security" className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound aria-hidden="true" className="size-5 text-rose-600 dark:text-rose-400" /> Privacy and
          security
        </CardTitle>
        <CardDescription>
          Change your password. Every other device you are signed in on is signed out.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form aria-label="Change password" noValidate onSubmit={submit} className="grid max-w-md gap-4">
          {/* Lets password managers file the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
          {field('current', 'Current password', 'current-password')}
          {field('next', 'New password', 'new-password')}
          {field('confirm', 'Confirm new password', 'new-password')}
          <div>
            <Button type="submit" variant="outline" disabled={change.isPending} aria-busy={change.isPending}>
              {change.isPending ? (
                <>
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Changing...
                </>
              ) : (
                'Change Password'
              )}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
