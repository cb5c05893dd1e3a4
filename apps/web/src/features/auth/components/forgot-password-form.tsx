import { useState } from 'react';
import { emailOnlySchema } from '@app/shared/auth';
import { authTexts } from '@app/shared/messages';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form/form';
import { Input } from '../../../components/ui/form/input';
import { toast } from '../../../components/ui/toast';
import { useForgotPassword } from '../api/forgot-password';
import { serverMessageOr } from '../error-text';
import { FormAlert } from './form-alert';

interface ForgotPasswordFormProps {
  formId: string;
  /** Called with the server's neutral text once the reset mail was requested. */
  onSent: (message: string) => void;
}

/** docs/product.md#accounts-and-sign-in: request a reset link; the answer never reveals whether the account exists. */
export function ForgotPasswordForm({ formId, onSent }: ForgotPasswordFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const forgotMutation = useForgotPassword();

  function submit({ email }: { email: string }) {
    forgotMutation.mutate(email, {
      onSuccess: ({ message }) => {
        const text = message || authTexts.forgotPasswordNeutral;
        toast.success(authTexts.resetEmailSent, { description: text });
        onSent(text);
      },
      onError: (error) => {
        const message = serverMessageOr(error, authTexts.forgotFailed, authTexts.somethingWentWrong);
        setFailure(message);
        toast.error(message);
      },
    });
  }

  const busy = forgotMutation.isPending;
  return (
    <Form
      schema={emailOnlySchema}
      options={{ defaultValues: { email: '' } }}
      onSubmitAttempt={() => setFailure(null)}
      onSubmit={submit}
      className="mt-6 space-y-4"
    >
      {({ register, formState: { errors } }) => (
        <>
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <Input
            id={`${formId}-email`}
            label="Email"
            type="email"
            autoComplete="email"
            registration={register('email')}
            error={errors.email}
          />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </>
      )}
    </Form>
  );
}
