import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
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
  const body = await apiRequest('POST', '/api/reddit/quick-repost', { body: { imageId } });
  const parsed = repostResponseSchema.safeParse(body ?? {});
  // The repost is queued either way; an odd answer only costs us the server's time and text.
  return parsed.success ? parsed.data : {};
}

/** The toast's text under 'Repost queued': the server's words unless they only repeat the title. */
export function repostQueuedText(message: string | undefined): string {
  return message && message !== mediaTexts.repostQueued ? message : mediaTexts.repostQueuedText;
}

/** docs/product.md#gallery-and-media: 'Repost failed' with the server's message; a Reddit set-up the server lacks is explained, not hidden as a 503. */
export function repostFailedText(error: unknown): string {
  if (error instanceof ApiError && error.code === 'REDDIT_NOT_CONFIGURED') return redditTexts.notConfigured;
  return userFacingMessage(error);
}

/**
 * Where the user can do what the failed repost needs: pick a subreddit and title for a photo never
 * posted (the Reddit page opens with the photo attached), or connect a Reddit account.
 */
export function repostNextStep(error: unknown, imageId: string): { label: string; path: string } | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'REPOST_NEEDS_SUBREDDIT') {
    return { label: 'Choose a subreddit', path: `/reddit?photo=${encodeURIComponent(imageId)}` };
  }
  if (error.code === 'REDDIT_ACCOUNT_REQUIRED') return { label: 'Connect Reddit', path: '/reddit' };
  return null;
}

export function useQuickRepost() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: quickRepost,
    onSuccess: ({ repostedAt, message }, imageId) => {
      const lastRepostedAt = new Date(repostedAt ?? Date.now()).toISOString();
      updateCachedAsset(queryClient, imageId, (asset) => ({ ...asset, lastRepostedAt }));
      toast.success(mediaTexts.repostQueued, { description: repostQueuedText(message) });
    },
    onError: (error, imageId) => {
      const next = repostNextStep(error, imageId);
      toast.error(mediaTexts.repostFailed, {
        description: repostFailedText(error),
        ...(next
          ? {
              action: { label: next.label, onClick: () => void navigate(next.path) },
              // The details dialog is modal and turns pointer events off outside it; the way on must stay clickable.
              style: { pointerEvents: 'auto' },
            }
          : {}),
      });
    },
  });
}
