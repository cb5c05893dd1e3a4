import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditLogResponseSchema } from '@app/shared/admin';
import { apiRequest } from '../../../lib/request';

export const auditLogQueryKey = ['/api/admin/audit-log'] as const;

export async function getAuditLog(page: number, signal?: AbortSignal) {
  const body = await apiRequest('GET', `${auditLogQueryKey[0]}?page=${page}`, {
    signal,
    schema: auditLogResponseSchema,
  });
  return body;
}

export function useAuditLog(page: number) {
  return useQuery({
    queryKey: [...auditLogQueryKey, page],
    queryFn: ({ signal }) => getAuditLog(page, signal),
    placeholderData: keepPreviousData,
  });
}
