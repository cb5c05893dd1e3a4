import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSubscriptionCancelled } from './cancel-subscription';
import { subscriptionQueryKey } from './get-subscription';

/** POST /api/subscription/resume: the subscription set to end keeps renewing after all. */
export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => setSubscriptionCancelled(false),
    onSuccess: (data) => {
      queryClient.setQueryData(subscriptionQueryKey, data);
      return queryClient.invalidateQueries({ queryKey: subscriptionQueryKey });
    },
  });
}
