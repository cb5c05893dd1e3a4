import { queryOptions, useQuery } from '@tanstack/react-query';
import { leakCaseNoticeSchema, type LeakCaseNotice } from '@app/shared/leak-cases';
import { apiRequest } from '../../../lib/request';
import { leakCasesQueryRoot } from './leak-case-keys';

/** GET /api/leak-cases/:id/notice: the notice as text, and the contact details it still lacks. */
export async function getLeakCaseNotice(id: string, signal?: AbortSignal): Promise<LeakCaseNotice> {
  const path = `${leakCasesQueryRoot[0]}/${encodeURIComponent(id)}/notice`;
  return apiRequest('GET', path, { signal, schema: leakCaseNoticeSchema });
}

export const leakCaseNoticeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...leakCasesQueryRoot, 'notice', id],
    queryFn: ({ signal }) => getLeakCaseNotice(id, signal),
    // Her contact details change in Settings, another page: each visit asks again.
    staleTime: 0,
  });

export const useLeakCaseNotice = (id: string) => useQuery(leakCaseNoticeQueryOptions(id));
