import { queryOptions, useQuery } from '@tanstack/react-query';
import { onboardingResponseSchema, type OnboardingState } from '@app/shared/onboarding';
import { apiRequest } from '../../../lib/request';

export const onboardingPath = '/api/user/onboarding';

export function onboardingQueryKey(userId: string) {
  return [onboardingPath, userId] as const;
}

/** GET /api/user/onboarding: the server's copy of the walkthrough progress. */
export async function getOnboarding(signal?: AbortSignal): Promise<OnboardingState> {
  const body = await apiRequest('GET', onboardingPath, { signal, schema: onboardingResponseSchema });
  return body.onboarding;
}

/**
 * A custom fetcher on purpose: a failed lookup only means "do not show the tour", and must not count
 * as a lost session the way default queries do.
 */
export function onboardingQueryOptions(userId: string) {
  return queryOptions({
    queryKey: onboardingQueryKey(userId),
    queryFn: ({ signal }) => getOnboarding(signal),
  });
}

export function useServerOnboarding(userId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...onboardingQueryOptions(userId), enabled });
}
