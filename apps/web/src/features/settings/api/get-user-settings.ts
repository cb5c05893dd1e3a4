import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSettingsResponseSchema, type UserSettings } from '@app/shared/settings';
import { apiRequest } from '../../../lib/request';

export const userSettingsQueryKey = ['/api/user/settings'] as const;

/** GET /api/user/settings: the user's saved settings (the server answers the defaults until one is saved). */
export async function getUserSettings(signal?: AbortSignal): Promise<UserSettings> {
  const body = await apiRequest('GET', userSettingsQueryKey[0], {
    signal,
    schema: userSettingsResponseSchema,
  });
  return body.settings;
}

export function userSettingsQueryOptions() {
  return queryOptions({ queryKey: userSettingsQueryKey, queryFn: ({ signal }) => getUserSettings(signal) });
}

export function useUserSettings() {
  return useQuery(userSettingsQueryOptions());
}
