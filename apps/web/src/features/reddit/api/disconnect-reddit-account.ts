import { useMutation, useQueryClient } from '@tanstack/react-query';
import { redditTexts } from '@app/shared/reddit';
import { toast } from '../../../components/ui/toast';
import { ApiError, apiRequest } from '../../../lib/request';
import { redditErrorText } from '../lib/reddit-error-text';
import { redditPageTexts } from '../lib/reddit-texts';
import { redditAccountsQueryKey } from './get-reddit-accounts';
import { scheduledPostsQueryKey } from './get-scheduled-posts';

/** DELETE /api/reddit/accounts/{id}: unlinks the account and forgets its tokens. */
export async function disconnectRedditAccount(id: string): Promise<void> {
  await apiRequest('DELETE', `${redditAccountsQueryKey[0]}/${encodeURIComponent(id)}`);
}

export function useDisconnectRedditAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectRedditAccount,
    onSuccess: () => toast.success(redditTexts.accountDisconnected),
    onError: (error) => {
      // Already gone (another tab): what the user wanted has happened.
      if (error instanceof ApiError && error.status === 404) {
        toast.success(redditTexts.accountDisconnected);
        return;
      }
      toast.error(redditPageTexts.disconnectFailed, { description: redditErrorText(error) });
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: redditAccountsQueryKey });
      void queryClient.invalidateQueries({ queryKey: scheduledPostsQueryKey });
    },
  });
}
