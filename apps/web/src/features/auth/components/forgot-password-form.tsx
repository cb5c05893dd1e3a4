import { useState, type FormEvent } from 'react';
import { emailOnlySchema } from '@app/shared/auth';
import { authTexts } from '@app/shared/messages';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useForgotPassword } from '../api/forgot-password';
import { serverMessageOr } from '../error-text';
import { fieldId, useFormErrors } from '../use-form-errors';
import { FormAlert } from './form-alert';
import { FormField } from '../../../components/form-field';

interface ForgotPasswordFormProps {
  formId: string;
  /** Called with the server's neutral text once the reset mail was requested. */
  onSent: (message: string) => void;
}

/** Spec 4 and 8: request a reset link; the answer never reveals whether the account exists. */
export function ForgotPasswordForm({ formId, onSent }: ForgotPasswordFormProps) {
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, validate, clearError } = useFormErrors<'email'>(formId);
  const forgotMutation = useForgotPassword();

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const payload = validate(emailOnlySchema, { email });
    if (!payload) return;
    forgotMutation.mutate(payload.email, {
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
    <form noValidate onSubmit={submit} className="mt-6 space-y-4">
      {failure && <FormAlert tone="error">{failure}</FormAlert>}
      <FormField
        id={fieldId(formId, 'email')}
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        error={errors.email}
        onValueChange={(value) => {
          setEmail(value);
          clearError('email');
        }}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Sending...' : 'Send Reset Link'}
      </Button>
    </form>
  );
}
