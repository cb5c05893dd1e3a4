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
import { taxErrorText, taxQueryRoot } from './tax-request';

/** GET /api/tax/income?year=: the year's income, newest first. */
export async function getTaxIncome(year: number, signal?: AbortSignal): Promise<TaxIncome[]> {
  return (await apiRequest('GET', `/api/tax/income?year=${year}`, { signal, schema: taxIncomeListSchema })).items;
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
  return id
    ? apiRequest('PATCH', `/api/tax/income/${encodeURIComponent(id)}`, { body: values, schema: taxIncomeSchema })
    : apiRequest('POST', '/api/tax/income', { body: values, schema: taxIncomeSchema });
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
  return await apiRequest('DELETE', `/api/tax/income/${encodeURIComponent(id)}`, { schema: taxDeletedSchema });
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
