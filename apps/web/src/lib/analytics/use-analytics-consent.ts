import { useQuery } from '@tanstack/react-query';
import { userSettingsResponseSchema, type UserSettings } from '@app/shared/settings';
import type { User } from '@app/shared/user';
import { currentUserQueryKey } from '../query-client';
import { apiRequest } from '../request';

/**
 * The settings feature's query key for GET /api/user/settings. Sharing it means saving the form
 * (which writes this cache entry) switches tracking off at once, without a second request.
 */
export const userSettingsQueryKey = ['/api/user/settings'] as const;

export async function fetchUserSettings(signal: AbortSignal): Promise<UserSettings> {
  const body = await apiRequest('GET', userSettingsQueryKey[0], { signal });
  return userSettingsResponseSchema.parse(body).settings;
}

/** 'pending' while it is not yet known who is signed in or what they chose; nothing is sent then. */
export type AnalyticsConsent = 'pending' | 'on' | 'off';

/** Signed-out visitors are tracked; a signed-in user is tracked unless usageAnalytics is off. */
export function useAnalyticsConsent(): AnalyticsConsent {
  // Only watches the current user: the root layout decides whether and when to look it up.
  const { data: user } = useQuery<User | null>({ queryKey: currentUserQueryKey, enabled: false });
  const settings = useQuery({
    queryKey: userSettingsQueryKey,
    queryFn: ({ signal }) => fetchUserSettings(signal),
    enabled: Boolean(user),
  });
  if (user === undefined) return 'pending';
  if (user === null) return 'on';
  if (!settings.data) return 'pending';
  return settings.data.usageAnalytics ? 'on' : 'off';
}
