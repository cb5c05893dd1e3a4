import { useState } from 'react';
import type { z } from 'zod';
import { signupSchema } from '@app/shared/auth';
import { accountFlowTexts, authTexts } from '@app/shared/messages';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form/form';
import { Input, PasswordInput } from '../../../components/ui/form/input';
import { applyServerFieldError } from '../../../components/ui/form/server-errors';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { toast } from '../../../components/ui/toast';
import { userFacingMessage } from '../../../lib/request';
import { useSignup } from '../api/signup';
import { applyPendingReferral } from '../apply-pending-referral';
import { FormAlert } from './form-alert';
import { PasswordHints } from './password-hints';

const serverFields = { username: 'username', email: 'email', password: 'password' } as const;

/** docs/product.md#accounts-and-sign-in: signup; on success the dialog switches to login with the trimmed e-mail filled in. */
export function SignupForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(signupSchema, { defaultValues: { username: '', email: '', password: '' } });
  const signupMutation = useSignup();
  const {
    register,
    watch,
    formState: { errors },
  } = form;

  function submit(payload: z.output<typeof signupSchema>) {
    signupMutation.mutate(payload, {
      onSuccess: () => {
        toast.success(authTexts.accountCreated);
        onSignedUp(payload.email);
        void applyPendingReferral(payload.email);
      },
      onError: (error) => {
        const message = userFacingMessage(error);
        setFailure(message);
        toast.error(accountFlowTexts.signupFailedTitle, { description: message });
        // A 400 names the field the server refused; put the user right there (the banner says why).
        applyServerFieldError(form, error, serverFields);
      },
    });
  }

  const busy = signupMutation.isPending;
  return (
    <Form form={form} onSubmitAttempt={() => setFailure(null)} onSubmit={submit} className="mt-6 space-y-4">
      {failure && <FormAlert tone="error">{failure}</FormAlert>}
      <Input
        id="signup-username"
        label="Username"
        autoComplete="username"
        registration={register('username')}
        error={errors.username}
      />
      <Input
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email}
      />
      <PasswordInput
        id="signup-password"
        label="Password"
        autoComplete="new-password"
        registration={register('password')}
        error={errors.password}
        hint={<PasswordHints password={watch('password')} />}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Creating account...' : 'Create Account'}
      </Button>
    </Form>
  );
}
