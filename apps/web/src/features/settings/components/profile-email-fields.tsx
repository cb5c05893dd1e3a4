import { MailCheck } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import type { Profile } from '@app/shared/account';
import { Input, PasswordInput } from '../../../components/ui/form/input';
import type { ProfileFormValues } from './use-profile-form';

interface ProfileEmailFieldsProps {
  form: UseFormReturn<ProfileFormValues, unknown, ProfileFormValues>;
  profile: Profile;
  emailChanged: boolean;
  disabled: boolean;
}

/** The e-mail, the confirmation still awaited, and the password a new e-mail needs. */
export function ProfileEmailFields({ form, profile, emailChanged, disabled }: ProfileEmailFieldsProps) {
  const { errors } = form.formState;
  return (
    <>
      <Input
        id="profile-email"
        label="Email"
        type="email"
        autoComplete="email"
        disabled={disabled}
        registration={form.register('email')}
        error={errors.email}
        hint={
          profile.pendingEmail ? (
            <p className="flex items-start gap-1.5 text-sm text-amber-700 dark:text-amber-300">
              <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Waiting for you to open the confirmation link sent to {profile.pendingEmail}.
            </p>
          ) : undefined
        }
      />
      {emailChanged && profile.hasPassword && (
        <PasswordInput
          id="profile-current-password"
          label="Current password (to change your email)"
          autoComplete="current-password"
          disabled={disabled}
          registration={form.register('currentPassword')}
          error={errors.currentPassword}
        />
      )}
    </>
  );
}
