import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditLogResponseSchema } from '@app/shared/admin';
import { apiRequest } from '../../../lib/request';
import { parsed } from './parse';

export const auditLogQueryKey = ['/api/admin/audit-log'] as const;

export async function getAuditLog(page: number, signal?: AbortSignal) {
  const body = await apiRequest('GET', `${auditLogQueryKey[0]}?page=${page}`, undefined, { signal });
  return parsed(auditLogResponseSchema, body);
}

export function useAuditLog(page: number) {
  return useQuery({
    queryKey: [...auditLogQueryKey, page],
    queryFn: ({ signal }) => getAuditLog(page, signal),
    placeholderData: keepPreviousData,
  });
}
