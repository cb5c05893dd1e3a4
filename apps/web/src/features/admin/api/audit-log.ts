import { keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { auditLogResponseSchema, type AuditLogPage } from '@app/shared/admin';
import { firstCursor, nextCursorOf } from '../../../lib/paged-list';
import { apiPage, type CursorPage } from '../../../lib/request';

export const auditLogQueryKey = ['/api/admin/audit-log'] as const;

export async function getAuditLog(cursor: string | null, signal?: AbortSignal) {
  return apiPage(auditLogQueryKey[0], { schema: auditLogResponseSchema, cursor, signal });
}

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: auditLogQueryKey,
    queryFn: ({ pageParam, signal }) => getAuditLog(pageParam, signal),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursorOf,
    placeholderData: keepPreviousData,
  });
}

/** The loaded entries, each once, newest first. */
export function loadedEntries(data: InfiniteData<CursorPage<AuditLogPage>> | undefined) {
  const seen = new Set<string>();
  return (data?.pages ?? [])
    .flatMap((page) => page.items.entries)
    .filter((entry) => !seen.has(entry.id) && seen.add(entry.id));
}
