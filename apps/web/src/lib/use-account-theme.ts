import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@app/shared/user';
import { fetchUserSettings, userSettingsQueryKey } from './analytics/use-analytics-consent';
import { currentUserQueryKey } from './query-client';
import { adoptAccountTheme } from './theme';

/**
 * Applies the account's saved theme once the session is known (after sign-in, or on load with a
 * session). Shares the settings query with analytics consent, so it costs no extra request.
 */
export function useAccountTheme(): void {
  // Only watches the current user: the root layout decides whether and when to look it up.
  const { data: user } = useQuery<User | null>({ queryKey: currentUserQueryKey, enabled: false });
  const settings = useQuery({
    queryKey: userSettingsQueryKey,
    queryFn: ({ signal }) => fetchUserSettings(signal),
    enabled: Boolean(user),
  });
  const userId = user?.id;
  const theme = settings.data?.theme;
  useEffect(() => {
    if (userId && theme) adoptAccountTheme(userId, theme);
  }, [userId, theme]);
}

/** Mounted once beside the router; renders nothing. */
export function AccountTheme() {
  useAccountTheme();
  return null;
}
