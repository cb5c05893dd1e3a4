import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSettingsResponseSchema, type UpdateUserSettings, type UserSettings } from '@app/shared/settings';
import { toast } from '../../../components/ui/toast';
import { apiRequest, userFacingMessage } from '../../../lib/request';
import { settingsTexts } from '../settings-texts';
import { userSettingsQueryKey } from './get-user-settings';

/** PATCH /api/user/settings: any subset of the fields; answers the whole saved settings. */
export async function updateUserSettings(changes: UpdateUserSettings): Promise<UserSettings> {
  const body = await apiRequest('PATCH', userSettingsQueryKey[0], {
    body: changes,
    schema: userSettingsResponseSchema,
  });
  return body.settings;
}

const failureToastId = 'settings-save-failed';

export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserSettings,
    onMutate: () => {
      toast.dismiss(failureToastId);
    },
    onSuccess: (settings) => {
      queryClient.setQueryData(userSettingsQueryKey, settings);
      toast.success(settingsTexts.saved, { description: settingsTexts.savedText });
    },
    onError: (error) => {
      toast.error(settingsTexts.saveFailed, { id: failureToastId, description: userFacingMessage(error) });
    },
  });
}
