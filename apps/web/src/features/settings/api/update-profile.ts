import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountMessages, profileResponseSchema, type UpdateProfile } from '@app/shared/account';
import { toast } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/request';
import { accountErrorText } from '../account-error-text';
import { profileQueryKey } from './get-profile';

/** PATCH /api/user/profile: display name and bio at once; a new e-mail is mailed a confirmation link. */
export async function updateProfile(changes: UpdateProfile) {
  const body = await apiRequest('PATCH', profileQueryKey[0], {
    body: changes,
    schema: profileResponseSchema,
  });
  return body;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ profile, message }) => {
      queryClient.setQueryData(profileQueryKey, profile);
      // The server's message adds something only for an e-mail change (where the link went).
      toast.success(accountMessages.profileSaved, {
        description: message === accountMessages.profileSaved ? undefined : message,
      });
    },
    onError: (error) => toast.error('Profile not saved', { description: accountErrorText(error) }),
  });
}
