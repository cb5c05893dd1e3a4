import { useQuery } from '@tanstack/react-query';
import { mediaListResponseSchema, type MediaAsset } from '@app/shared/media';
import { apiRequest } from '../../../lib/request';

/** GET /api/media, for picking a photo to post: Reddit image posts take photos only. */
export async function getGalleryPhotos(signal?: AbortSignal): Promise<MediaAsset[]> {
  const body = await apiRequest('GET', '/api/media', { signal, schema: mediaListResponseSchema });
  return body.filter((asset) => asset.kind === 'image');
}

export function useGalleryPhotos({ enabled }: { enabled: boolean }) {
  return useQuery({
    // Its own key: the gallery's cache holds videos too and renews signed URLs on its own schedule.
    queryKey: ['/api/media', 'photos-for-posting'] as const,
    queryFn: ({ signal }) => getGalleryPhotos(signal),
    enabled,
    staleTime: 60_000,
  });
}
