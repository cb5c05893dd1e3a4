import { useQuery } from '@tanstack/react-query';
import { adminSetupResponseSchema } from '@app/shared/admin-setup';
import { apiRequest } from '../../../lib/request';

export const adminSetupQueryKey = ['/api/admin/setup'] as const;

export async function getAdminSetup(signal?: AbortSignal) {
  return apiRequest('GET', adminSetupQueryKey[0], { schema: adminSetupResponseSchema, signal });
}

export function useAdminSetup() {
  return useQuery({ queryKey: adminSetupQueryKey, queryFn: ({ signal }) => getAdminSetup(signal) });
}
