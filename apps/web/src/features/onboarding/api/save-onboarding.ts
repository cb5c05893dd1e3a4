import { useMutation, useQueryClient } from '@tanstack/react-query';
import { onboardingResponseSchema, type OnboardingState } from '@app/shared/onboarding';
import { apiRequest } from '../../../lib/request';
import { onboardingPath, onboardingQueryKey } from './get-onboarding';

/** PUT /api/user/onboarding: the server merges it into its copy and answers the result. */
export async function saveOnboarding(state: OnboardingState): Promise<OnboardingState> {
  const body = await apiRequest('PUT', onboardingPath, { body: state, schema: onboardingResponseSchema });
  return body.onboarding;
}

export function useSaveOnboarding(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOnboarding,
    // One save at a time, in click order, so the server's "current step" ends on the last one.
    scope: { id: `onboarding:${userId}` },
    onSuccess: (saved) => queryClient.setQueryData(onboardingQueryKey(userId), saved),
    // Quietly: local storage already holds the progress, and the next save carries it again.
    onError: () => undefined,
  });
}
