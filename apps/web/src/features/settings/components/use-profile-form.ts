import { z } from 'zod';
import type { Profile } from '@app/shared/account';
import { applyServerFieldError } from '../../../components/ui/form/server-errors';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { useUpdateProfile } from '../api/update-profile';

// No client-side messages: the inputs' maxLength holds the limits, and the server names anything else.
const profileFormSchema = z.object({
  displayName: z.string(),
  email: z.string(),
  currentPassword: z.string(),
  bio: z.string(),
});
export type ProfileFormValues = z.output<typeof profileFormSchema>;

const serverFields = {
  displayName: 'displayName',
  email: 'email',
  currentPassword: 'currentPassword',
  bio: 'bio',
} as const;

/** docs/product.md#settings: the profile form's state, what changed, and the save (a new e-mail needs the password). */
export function useProfileForm(profile: Profile) {
  const form = useZodForm(profileFormSchema, {
    defaultValues: {
      displayName: profile.displayName ?? '',
      email: profile.email,
      currentPassword: '',
      bio: profile.bio ?? '',
    },
  });
  const update = useUpdateProfile();
  const [displayName, email, bio] = form.watch(['displayName', 'email', 'bio']);
  const emailChanged = email.trim().toLowerCase() !== profile.email.toLowerCase();
  const dirty =
    emailChanged || displayName.trim() !== (profile.displayName ?? '') || bio.trim() !== (profile.bio ?? '');

  function save(values: ProfileFormValues) {
    update.mutate(
      {
        displayName: values.displayName,
        bio: values.bio,
        ...(emailChanged
          ? {
              email: values.email.trim(),
              ...(profile.hasPassword ? { currentPassword: values.currentPassword } : {}),
            }
          : {}),
      },
      {
        onSuccess: ({ profile: saved }) => {
          form.setValue('email', saved.email);
          form.setValue('currentPassword', '');
        },
        // The toast says why; the field the server names is marked and focused.
        onError: (error) => applyServerFieldError(form, error, serverFields),
      },
    );
  }

  return { form, save, bio, emailChanged, dirty, pending: update.isPending };
}
