import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scheduleTexts } from '@app/shared/posts';
import { toast } from '../../../components/ui/toast';
import { ApiError, apiRequest } from '../../../lib/request';
import { redditErrorText } from '../lib/reddit-error-text';
import { redditPageTexts } from '../lib/reddit-texts';
import { withoutItem } from '../../../lib/paged-list';
import { scheduledPostsQueryKey, type ScheduledPostPages } from './get-scheduled-posts';

/** DELETE /api/posts/scheduled/{id}: pending posts only (409 once it is sent or failed). */
export async function cancelScheduledPost(id: string): Promise<void> {
  await apiRequest('DELETE', `${scheduledPostsQueryKey[0]}/${encodeURIComponent(id)}`);
}

export function useCancelScheduledPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelScheduledPost,
    onSuccess: (_nothing, id) => {
      queryClient.setQueriesData<ScheduledPostPages>({ queryKey: scheduledPostsQueryKey }, (data) =>
        withoutItem(data, id),
      );
      toast.success(scheduleTexts.cancelled);
    },
    onError: (error) => {
      const gone = error instanceof ApiError && error.status === 404;
      if (gone) toast.success(scheduleTexts.cancelled);
      else toast.error(redditPageTexts.cancelFailed, { description: redditErrorText(error) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduledPostsQueryKey }),
  });
}
