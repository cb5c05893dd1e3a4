import { useMutation } from '@tanstack/react-query';
import { KeyRound, LoaderCircle } from 'lucide-react';
import { accountFlowTexts, validationMessages } from '@app/shared/messages';
import type { User } from '@app/shared/user';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Form } from '../../../components/ui/form/form';
import { PasswordInput } from '../../../components/ui/form/input';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { toast } from '../../../components/ui/toast';
import { changePassword } from '../../../features/auth/api/change-password';
import { passwordChangeSchema } from '../../../features/auth/change-password-form';
import { emptyPasswordChange, passwordChangeToast } from '../../../features/auth/change-password-toast';
import { serverMessageOr } from '../../../features/auth/error-text';

type Field = keyof typeof emptyPasswordChange;
const schema = passwordChangeSchema(validationMessages.passwordRequired);

export const securityTexts = {
  changedText: 'Your new password is saved. You stay signed in here; other devices were signed out.',
} as const;

/**
 * docs/product.md#pages-and-navigation "privacy and security": changing the password with the current one (the same call and
 * rules as the forced change, docs/product.md#accounts-and-sign-in). The server signs every other session out.
 */
export function SecurityCard({ user }: { user: User }) {
  const form = useZodForm(schema, { defaultValues: emptyPasswordChange, clearErrorsOnEdit: 'all' });
  const change = useMutation({ mutationFn: changePassword });

  function submit({ current, next }: typeof emptyPasswordChange) {
    change.mutate(
      { userId: user.id, currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          form.reset();
          toast.success(accountFlowTexts.passwordChangedTitle, { description: securityTexts.changedText });
        },
        onError: (error) => toast.error(serverMessageOr(error, accountFlowTexts.changePasswordFailed)),
      },
    );
  }

  const field = (name: Field, label: string, autoComplete: string) => (
    <PasswordInput
      id={`security-${name}`}
      label={label}
      autoComplete={autoComplete}
      registration={form.register(name)}
      error={form.formState.errors[name]}
      disabled={change.isPending}
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
        <Form
          form={form}
          aria-label="Change password"
          invalidToast={passwordChangeToast}
          onSubmit={submit}
          className="grid max-w-md gap-4"
        >
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
        </Form>
      </CardContent>
    </Card>
  );
}
