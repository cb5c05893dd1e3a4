import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpMessages } from '@app/shared/messages';
import { mediaTagsResponseSchema, type MediaTagCount } from '@app/shared/media';
import { apiRequest } from '../../../lib/request';

export const mediaTagsQueryKey = ['/api/media/tags'] as const;

/** GET /api/media/tags: the user's tags with how many files carry each, most used first. */
export async function getMediaTags(signal?: AbortSignal): Promise<MediaTagCount[]> {
  const body = await apiRequest('GET', mediaTagsQueryKey[0], undefined, { signal });
  const parsed = mediaTagsResponseSchema.safeParse(body);
  if (!parsed.success) throw new Error(httpMessages.serverError, { cause: parsed.error });
  return parsed.data;
}

export function useMediaTags() {
  return useQuery(queryOptions({ queryKey: mediaTagsQueryKey, queryFn: ({ signal }) => getMediaTags(signal) }));
}
