import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileResponseSchema, type Profile } from '@app/shared/account';
import { apiRequest } from '../../../lib/request';

export const profileQueryKey = ['/api/user/profile'] as const;

/** GET /api/user/profile: username, e-mail, display name, bio, a pending e-mail change. */
export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const body = await apiRequest('GET', profileQueryKey[0], { signal, schema: profileResponseSchema });
  return body.profile;
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
