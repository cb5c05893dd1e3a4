import { queryOptions, useQuery } from '@tanstack/react-query';
import { taxSummarySchema, type TaxSummary } from '@app/shared/tax';
import { apiRequest } from '../../../lib/request';
import { parsed, taxQueryRoot } from './tax-request';

/** GET /api/tax/summary?year=: totals, months, platforms, categories and the four quarters. */
export async function getTaxSummary(year: number, signal?: AbortSignal): Promise<TaxSummary> {
  return parsed(
    taxSummarySchema,
    await apiRequest('GET', `/api/tax/summary?year=${year}`, undefined, { signal }),
  );
}

export const taxSummaryQueryOptions = (year: number) =>
  queryOptions({
    queryKey: [...taxQueryRoot, 'summary', year],
    queryFn: ({ signal }) => getTaxSummary(year, signal),
  });

export const useTaxSummary = (year: number) => useQuery(taxSummaryQueryOptions(year));
