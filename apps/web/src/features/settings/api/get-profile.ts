import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileResponseSchema, type Profile } from '@app/shared/account';
import { httpMessages } from '@app/shared/messages';
import { apiRequest } from '../../../lib/request';

export const profileQueryKey = ['/api/user/profile'] as const;

/** GET /api/user/profile: username, e-mail, display name, bio, a pending e-mail change. */
export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const body = await apiRequest('GET', profileQueryKey[0], undefined, { signal });
  const parsed = profileResponseSchema.safeParse(body);
  if (!parsed.success) throw new Error(httpMessages.serverError, { cause: parsed.error });
  return parsed.data.profile;
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
