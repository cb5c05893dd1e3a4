import { queryOptions, useQuery } from '@tanstack/react-query';
import { enabledProvidersResponseSchema, type OAuthProvider } from '@app/shared/auth';
import { apiRequest } from '../../../lib/request';

/** GET /api/auth/providers: only the social sign-in providers the server has configured. */
export async function getAuthProviders(signal?: AbortSignal): Promise<OAuthProvider[]> {
  const body = await apiRequest('GET', '/api/auth/providers', {
    signal,
    schema: enabledProvidersResponseSchema,
  });
  return body.providers;
}

export function authProvidersQueryOptions() {
  return queryOptions({
    queryKey: ['/api/auth/providers'],
    queryFn: ({ signal }) => getAuthProviders(signal),
  });
}

/** The enabled providers; empty while loading or when the lookup fails, so no dead buttons show. */
export function useAuthProviders(): OAuthProvider[] {
  return useQuery(authProvidersQueryOptions()).data ?? [];
}
