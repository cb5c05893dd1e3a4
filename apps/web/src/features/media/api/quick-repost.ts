import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { mediaTexts } from '@app/shared/media';
import { toast } from '../../../components/ui/toast';
import { apiRequest, userFacingMessage } from '../../../lib/request';
import { updateCachedAsset } from './get-media';

const repostResponseSchema = z.object({
  repostedAt: z.iso.datetime({ offset: true }).optional(),
  message: z.string().optional(),
});

/** POST /api/reddit/quick-repost: queues the image for reposting to Reddit. */
export async function quickRepost(imageId: string) {
  const body = await apiRequest('POST', '/api/reddit/quick-repost', { imageId });
  const parsed = repostResponseSchema.safeParse(body ?? {});
  // The repost is queued either way; an odd answer only costs us the server's time and text.
  return parsed.success ? parsed.data : {};
}

export function useQuickRepost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: quickRepost,
    onSuccess: ({ repostedAt, message }, imageId) => {
      const lastRepostedAt = new Date(repostedAt ?? Date.now()).toISOString();
      updateCachedAsset(queryClient, imageId, (asset) => ({ ...asset, lastRepostedAt }));
      toast.success(mediaTexts.repostQueued, { description: message || mediaTexts.repostQueuedText });
    },
    onError: (error) => toast.error(mediaTexts.repostFailed, { description: userFacingMessage(error) }),
  });
}
