import { queryOptions, useQuery } from '@tanstack/react-query';
import { mediaTagsResponseSchema, type MediaTagCount } from '@app/shared/media';
import { apiRequest } from '../../../lib/request';

export const mediaTagsQueryKey = ['/api/media/tags'] as const;

/** GET /api/media/tags: the user's tags with how many files carry each, most used first. */
export async function getMediaTags(signal?: AbortSignal): Promise<MediaTagCount[]> {
  return apiRequest('GET', mediaTagsQueryKey[0], { signal, schema: mediaTagsResponseSchema });
}

export function useMediaTags() {
  return useQuery(
    queryOptions({ queryKey: mediaTagsQueryKey, queryFn: ({ signal }) => getMediaTags(signal) }),
  );
}
