import { queryOptions, useQuery } from '@tanstack/react-query';
import { leakCaseResponseSchema, type LeakCase } from '@app/shared/leak-cases';
import { apiRequest } from '../../../lib/request';
import { leakCasesQueryRoot } from './leak-case-keys';

/** GET /api/leak-cases/:id. */
export async function getLeakCase(id: string, signal?: AbortSignal): Promise<LeakCase> {
  const path = `${leakCasesQueryRoot[0]}/${encodeURIComponent(id)}`;
  return (await apiRequest('GET', path, { signal, schema: leakCaseResponseSchema })).case;
}

export const leakCaseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...leakCasesQueryRoot, 'case', id],
    queryFn: ({ signal }) => getLeakCase(id, signal),
  });

export const useLeakCase = (id: string) => useQuery(leakCaseQueryOptions(id));
