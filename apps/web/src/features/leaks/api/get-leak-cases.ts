import { queryOptions, useQuery } from '@tanstack/react-query';
import { leakCaseListResponseSchema, type LeakCase, type LeakCaseStatus } from '@app/shared/leak-cases';
import { apiRequest } from '../../../lib/request';
import { leakCasesQueryRoot } from './leak-case-keys';

/** GET /api/leak-cases?status=: her cases, newest first. */
export async function getLeakCases(status?: LeakCaseStatus, signal?: AbortSignal): Promise<LeakCase[]> {
  const query = status ? `?status=${status}` : '';
  const body = await apiRequest('GET', `${leakCasesQueryRoot[0]}${query}`, {
    signal,
    schema: leakCaseListResponseSchema,
  });
  return body.cases;
}

export const leakCasesQueryOptions = (status?: LeakCaseStatus) =>
  queryOptions({
    queryKey: [...leakCasesQueryRoot, 'list', status ?? 'all'],
    queryFn: ({ signal }) => getLeakCases(status, signal),
  });

export const useLeakCases = (status?: LeakCaseStatus) => useQuery(leakCasesQueryOptions(status));
