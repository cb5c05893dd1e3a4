import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  taxDeletedSchema,
  taxIncomeListSchema,
  taxIncomeSchema,
  type CreateTaxIncomeInput,
  type TaxIncome,
} from '@app/shared/tax';
import { toast } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/request';
import { parsed, taxErrorText, taxQueryRoot } from './tax-request';

/** GET /api/tax/income?year=: the year's income, newest first. */
export async function getTaxIncome(year: number, signal?: AbortSignal): Promise<TaxIncome[]> {
  return parsed(
    taxIncomeListSchema,
    await apiRequest('GET', `/api/tax/income?year=${year}`, undefined, { signal }),
  ).items;
}

export const taxIncomeQueryOptions = (year: number) =>
  queryOptions({
    queryKey: [...taxQueryRoot, 'income', year],
    queryFn: ({ signal }) => getTaxIncome(year, signal),
  });

export const useTaxIncome = (year: number) => useQuery(taxIncomeQueryOptions(year));

/** POST /api/tax/income, or PATCH /api/tax/income/{id} when an id is given. */
export async function saveTaxIncome({
  id,
  values,
}: {
  id?: string;
  values: CreateTaxIncomeInput;
}): Promise<TaxIncome> {
  const body = id
    ? await apiRequest('PATCH', `/api/tax/income/${encodeURIComponent(id)}`, values)
    : await apiRequest('POST', '/api/tax/income', values);
  return parsed(taxIncomeSchema, body);
}

export function useSaveTaxIncome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTaxIncome,
    onSuccess: (_saved, { id }) => {
      void queryClient.invalidateQueries({ queryKey: taxQueryRoot });
      toast.success(id ? 'Income updated' : 'Income added');
    },
    onError: (error, { id }) =>
      toast.error(id ? 'Income not updated' : 'Income not added', { description: taxErrorText(error) }),
  });
}

/** DELETE /api/tax/income/{id}. */
export async function deleteTaxIncome(id: string) {
  return parsed(taxDeletedSchema, await apiRequest('DELETE', `/api/tax/income/${encodeURIComponent(id)}`));
}

export function useDeleteTaxIncome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTaxIncome,
    onSuccess: ({ message }) => {
      void queryClient.invalidateQueries({ queryKey: taxQueryRoot });
      toast.success(message);
    },
    onError: (error) => toast.error('Income not deleted', { description: taxErrorText(error) }),
  });
}
