import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { mediaTexts } from '@app/shared/media';
import { redditTexts } from '@app/shared/reddit';
import { toast } from '../../../components/ui/toast';
import { ApiError, apiRequest, userFacingMessage } from '../../../lib/request';
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

/** The toast's text under 'Repost queued': the server's words unless they only repeat the title. */
export function repostQueuedText(message: string | undefined): string {
  return message && message !== mediaTexts.repostQueued ? message : mediaTexts.repostQueuedText;
}

/** Spec 8: 'Repost failed' with the server's message; a Reddit set-up the server lacks is explained, not hidden as a 503. */
export function repostFailedText(error: unknown): string {
  if (error instanceof ApiError && error.code === 'REDDIT_NOT_CONFIGURED') return redditTexts.notConfigured;
  return userFacingMessage(error);
}

export function useQuickRepost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: quickRepost,
    onSuccess: ({ repostedAt, message }, imageId) => {
      const lastRepostedAt = new Date(repostedAt ?? Date.now()).toISOString();
      updateCachedAsset(queryClient, imageId, (asset) => ({ ...asset, lastRepostedAt }));
      toast.success(mediaTexts.repostQueued, { description: repostQueuedText(message) });
    },
    onError: (error) => toast.error(mediaTexts.repostFailed, { description: repostFailedText(error) }),
  });
}
