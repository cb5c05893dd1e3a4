import { useMutation } from '@tanstack/react-query';
import {
  aiGenerateRequestSchema,
  aiGenerateResponseSchema,
  type AiGenerateRequest,
  type AiGenerateResponse,
} from '@app/shared/ai';
import { apiRequest } from '../../../lib/request';
import { cleanSubreddit } from '../lib/schedule-draft';

export interface TitleFromPhotoRequest {
  mediaId: string;
  /** As typed in the form; left out when it cannot be a community name yet. */
  subreddit: string;
}

/**
 * POST /api/ai/generate for one Reddit title written from a gallery photo (and the subreddit's
 * title rules). It counts as one of the day's AI generations, like the caption generator.
 */
export async function writeTitleFromPhoto({
  mediaId,
  subreddit,
}: TitleFromPhotoRequest): Promise<AiGenerateResponse> {
  const base: AiGenerateRequest = { platforms: ['reddit'], variants: 1, mediaId };
  const withSubreddit = { ...base, subreddit: cleanSubreddit(subreddit) };
  const body = aiGenerateRequestSchema.safeParse(withSubreddit).success ? withSubreddit : base;
  return apiRequest('POST', '/api/ai/generate', { body, schema: aiGenerateResponseSchema });
}

export function useWriteTitleFromPhoto() {
  return useMutation({ mutationFn: writeTitleFromPhoto });
}
