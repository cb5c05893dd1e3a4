import { useState, type FormEvent } from 'react';
import { signupSchema } from '@app/shared/auth';
import { accountFlowTexts, authTexts } from '@app/shared/messages';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { ApiError, userFacingMessage } from '../../../lib/request';
import { useSignup } from '../api/signup';
import { applyPendingReferral } from '../apply-pending-referral';
import { fieldId, useFormErrors } from '../use-form-errors';
import { FormAlert } from './form-alert';
import { FormField, PasswordField } from '../../../components/form-field';
import { PasswordHints } from './password-hints';

type Field = 'username' | 'email' | 'password';
const formId = 'signup';
const fields: ReadonlySet<string> = new Set<Field>(['username', 'email', 'password']);

/** Spec 4: signup; on success the dialog switches to login with the trimmed e-mail filled in. */
export function SignupForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const [values, setValues] = useState({ username: '', email: '', password: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, validate, clearError } = useFormErrors<Field>(formId);
  const signupMutation = useSignup();

  const change = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const payload = validate(signupSchema, values);
    if (!payload) return;
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
        // A 400 names the field the server refused; put the user right there.
        const field = error instanceof ApiError ? (error.body as { field?: unknown } | undefined)?.field : undefined;
        if (typeof field === 'string' && fields.has(field)) document.getElementById(fieldId(formId, field))?.focus();
      },
    });
  }

  const busy = signupMutation.isPending;
  return (
    <form noValidate onSubmit={submit} className="mt-6 space-y-4">
      {failure && <FormAlert tone="error">{failure}</FormAlert>}
      <FormField
        id={fieldId(formId, 'username')}
        label="Username"
        autoComplete="username"
        value={values.username}
        error={errors.username}
        onValueChange={change('username')}
      />
      <FormField
        id={fieldId(formId, 'email')}
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onValueChange={change('email')}
      />
      <PasswordField
        id={fieldId(formId, 'password')}
        label="Password"
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        hint={<PasswordHints password={values.password} />}
        onValueChange={change('password')}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
