import { queryOptions, useQuery } from '@tanstack/react-query';
import { storageUsageSchema, type StorageUsage } from '@app/shared/media';
import { apiRequest } from '../../../lib/request';

export const storageUsageQueryKey = ['/api/storage/usage'] as const;

/** GET /api/storage/usage: bytes used against the plan's quota. */
export async function getStorageUsage(signal?: AbortSignal): Promise<StorageUsage> {
  const body = await apiRequest('GET', storageUsageQueryKey[0], { signal, schema: storageUsageSchema });
  return body;
}

export function storageUsageQueryOptions() {
  return queryOptions({ queryKey: storageUsageQueryKey, queryFn: ({ signal }) => getStorageUsage(signal) });
}

export function useStorageUsage() {
  return useQuery(storageUsageQueryOptions());
}
