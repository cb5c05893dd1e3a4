import { useState } from 'react';
import type { SignupPayload } from '@app/shared/auth';
import { accountFlowTexts, authTexts } from '@app/shared/messages';
import { Button } from '../../../components/ui/button';
import { Input, PasswordInput } from '../../../components/ui/form/input';
import { useCheckedForm } from '../../../components/ui/form/use-checked-form';
import { toast } from '../../../components/ui/toast';
import { FormAlert } from './form-alert';
import { PasswordHints } from './password-hints';

const serverFields = { username: 'username', email: 'email', password: 'password' } as const;

// What a submit needs, fetched when the user starts on the form (decision 033).
const loadSchema = async () => (await import('@app/shared/auth')).signupSchema;
const loadCall = () =>
  Promise.all([
    import('../api/signup'),
    import('../../../lib/request'),
    import('../../../components/ui/form/server-errors'),
    import('../apply-pending-referral'),
  ]);

interface SignupFormProps {
  onSignedUp: (email: string) => void;
  /** While the account is being created the social buttons beside the form wait. */
  onBusyChange?: (busy: boolean) => void;
}

/** docs/product.md#accounts-and-sign-in: signup; on success the dialog switches to login with the trimmed e-mail filled in. */
export function SignupForm({ onSignedUp, onBusyChange }: SignupFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useCheckedForm({
    initialValues: { username: '', email: '', password: '' },
    loadSchema,
    preload: loadCall,
  });

  function changeBusy(next: boolean) {
    setBusy(next);
    onBusyChange?.(next);
  }

  async function submit(payload: SignupPayload) {
    changeBusy(true);
    const [{ signup }, { userFacingMessage }, { serverFieldOf }, { applyPendingReferral }] = await loadCall();
    try {
      await signup(payload);
    } catch (error) {
      changeBusy(false);
      const message = userFacingMessage(error);
      setFailure(message);
      toast.error(accountFlowTexts.signupFailedTitle, { description: message });
      // A 400 names the field the server refused; put the user right there (the banner says why).
      const field = serverFieldOf(error);
      if (field && Object.hasOwn(serverFields, field)) {
        form.setFieldError(serverFields[field as keyof typeof serverFields]);
      }
      return;
    }
    changeBusy(false);
    toast.success(authTexts.accountCreated);
    onSignedUp(payload.email);
    void applyPendingReferral(payload.email);
  }

  return (
    <form
      {...form.formProps}
      onSubmit={form.handleSubmit({ onAttempt: () => setFailure(null), onValid: submit })}
      className="mt-6 space-y-4"
    >
      {failure && <FormAlert tone="error">{failure}</FormAlert>}
      <Input
        id="signup-username"
        label="Username"
        autoComplete="username"
        registration={form.field('username')}
        error={form.errors.username}
      />
      <Input
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        registration={form.field('email')}
        error={form.errors.email}
      />
      <PasswordInput
        id="signup-password"
        label="Password"
        autoComplete="new-password"
        registration={form.field('password')}
        error={form.errors.password}
        hint={<PasswordHints password={form.values.password} />}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
