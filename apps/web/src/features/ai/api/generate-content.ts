import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  aiErrorCodes,
  aiGenerateResponseSchema,
  aiTexts,
  type AiGenerateRequest,
  type AiGenerateResponse,
} from '@app/shared/ai';
import { toast } from '../../../components/ui/toast';
import { trackEvent } from '../../../lib/analytics/analytics';
import { ApiError, apiRequest, userFacingMessage } from '../../../lib/request';
import { aiQuotaQueryKey } from './get-ai-quota';

/** POST /api/ai/generate: per platform and variant titles, body, photo idea, hashtags and confidence. */
export async function generateContent(request: AiGenerateRequest): Promise<AiGenerateResponse> {
  const body = await apiRequest('POST', '/api/ai/generate', {
    body: request,
    schema: aiGenerateResponseSchema,
  });
  return body;
}

/** One toast for this call's failures, so a retry that works can take the old failure away. */
const failureToastId = 'ai-generation-failed';

/**
 * What to tell the user about a failed generation. A photo that is gone (deleted, or not theirs) is
 * a 404 whose own sentence says what to do, instead of the generic "not found".
 */
export function generationErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404 && error.message === aiTexts.photoNotFound)
    return error.message;
  return userFacingMessage(error);
}

export function isQuotaExceeded(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 429 || error.code === aiErrorCodes.quotaExceeded);
}

export function useGenerateContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateContent,
    onMutate: () => {
      toast.dismiss(failureToastId);
    },
    // Every answer carries the quota after it, so the counter moves without another request.
    onSuccess: ({ quota }, request) => {
      queryClient.setQueryData(aiQuotaQueryKey, quota);
      const subreddit = request.subreddit?.slice(0, 100);
      for (const platform of request.platforms?.length ? request.platforms : ['reddit']) {
        trackEvent('content_generation', {
          platform,
          generationType: 'caption',
          ...(subreddit ? { subreddit } : {}),
        });
      }
    },
    onError: (error) => {
      // docs/product.md#ai-studio: 'Generation failed'; the server's 429 message says when the quota resets and how to upgrade.
      toast.error(aiTexts.generationFailed, { id: failureToastId, description: generationErrorText(error) });
      if (isQuotaExceeded(error)) void queryClient.invalidateQueries({ queryKey: aiQuotaQueryKey });
    },
  });
}
