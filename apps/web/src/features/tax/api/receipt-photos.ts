import { queryOptions, useQuery } from '@tanstack/react-query';
import { mediaListResponseSchema, type MediaAsset } from '@app/shared/media';
import { apiRequest } from '../../../lib/request';
import { taxQueryRoot } from './tax-request';

/** GET /api/media: the user's gallery, images only, to pick a receipt from. */
export async function getReceiptPhotos(signal?: AbortSignal): Promise<MediaAsset[]> {
  const assets = await apiRequest('GET', '/api/media', { signal, schema: mediaListResponseSchema });
  return assets.filter((asset) => asset.kind === 'image');
}

export const receiptPhotosQueryOptions = () =>
  queryOptions({
    queryKey: [...taxQueryRoot, 'receipt-photos'],
    queryFn: ({ signal }) => getReceiptPhotos(signal),
  });

export const useReceiptPhotos = (enabled: boolean) => useQuery({ ...receiptPhotosQueryOptions(), enabled });
