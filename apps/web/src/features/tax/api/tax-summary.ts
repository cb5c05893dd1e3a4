import { queryOptions, useQuery } from '@tanstack/react-query';
import { taxSummarySchema, type TaxSummary } from '@app/shared/tax';
import { apiRequest } from '../../../lib/request';
import { taxQueryRoot } from './tax-request';

/** GET /api/tax/summary?year=: totals, months, platforms, categories and the four quarters. */
export async function getTaxSummary(year: number, signal?: AbortSignal): Promise<TaxSummary> {
  return await apiRequest('GET', `/api/tax/summary?year=${year}`, { signal, schema: taxSummarySchema });
}

export const taxSummaryQueryOptions = (year: number) =>
  queryOptions({
    queryKey: [...taxQueryRoot, 'summary', year],
    queryFn: ({ signal }) => getTaxSummary(year, signal),
  });

export const useTaxSummary = (year: number) => useQuery(taxSummaryQueryOptions(year));
