import { useState } from 'react';
import { authTexts } from '@app/shared/messages';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/form/input';
import { useCheckedForm } from '../../../components/ui/form/use-checked-form';
import { toast } from '../../../components/ui/toast';
import { FormAlert } from './form-alert';

// What a submit needs, fetched when the user starts on the form (decision 033).
const loadSchema = async () => (await import('@app/shared/auth')).emailOnlySchema;
const loadCall = () => Promise.all([import('../api/forgot-password'), import('../error-text')]);

interface ForgotPasswordFormProps {
  formId: string;
  /** Called with the server's neutral text once the reset mail was requested. */
  onSent: (message: string) => void;
}

/** docs/product.md#accounts-and-sign-in: request a reset link; the answer never reveals whether the account exists. */
export function ForgotPasswordForm({ formId, onSent }: ForgotPasswordFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useCheckedForm({ initialValues: { email: '' }, loadSchema, preload: loadCall });

  async function submit({ email }: { email: string }) {
    setBusy(true);
    const [{ requestPasswordReset }, { serverMessageOr }] = await loadCall();
    let message: string;
    try {
      ({ message } = await requestPasswordReset(email));
    } catch (error) {
      setBusy(false);
      const text = serverMessageOr(error, authTexts.forgotFailed, authTexts.somethingWentWrong);
      setFailure(text);
      toast.error(text);
      return;
    }
    setBusy(false);
    const text = message || authTexts.forgotPasswordNeutral;
    toast.success(authTexts.resetEmailSent, { description: text });
    onSent(text);
  }

  return (
    <form
      {...form.formProps}
      onSubmit={form.handleSubmit({ onAttempt: () => setFailure(null), onValid: submit })}
      className="mt-6 space-y-4"
    >
      {failure && <FormAlert tone="error">{failure}</FormAlert>}
      <Input
        id={`${formId}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        registration={form.field('email')}
        error={form.errors.email}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Sending...' : 'Send Reset Link'}
      </Button>
    </form>
  );
}
