import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  taxDeletedSchema,
  taxExpenseListSchema,
  taxExpenseSchema,
  type CreateTaxExpenseInput,
  type TaxExpense,
} from '@app/shared/tax';
import { toast } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/request';
import { taxErrorText, taxQueryRoot } from './tax-request';

/** GET /api/tax/expenses?year=: the year's expenses, newest first. */
export async function getTaxExpenses(year: number, signal?: AbortSignal): Promise<TaxExpense[]> {
  return (await apiRequest('GET', `/api/tax/expenses?year=${year}`, { signal, schema: taxExpenseListSchema })).items;
}

export const taxExpensesQueryOptions = (year: number) =>
  queryOptions({
    queryKey: [...taxQueryRoot, 'expenses', year],
    queryFn: ({ signal }) => getTaxExpenses(year, signal),
  });

export const useTaxExpenses = (year: number) => useQuery(taxExpensesQueryOptions(year));

/** POST /api/tax/expenses, or PATCH /api/tax/expenses/{id} when an id is given. */
export async function saveTaxExpense({
  id,
  values,
}: {
  id?: string;
  values: CreateTaxExpenseInput;
}): Promise<TaxExpense> {
  return id
    ? apiRequest('PATCH', `/api/tax/expenses/${encodeURIComponent(id)}`, { body: values, schema: taxExpenseSchema })
    : apiRequest('POST', '/api/tax/expenses', { body: values, schema: taxExpenseSchema });
}

export function useSaveTaxExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTaxExpense,
    onSuccess: (_saved, { id }) => {
      void queryClient.invalidateQueries({ queryKey: taxQueryRoot });
      toast.success(id ? 'Expense updated' : 'Expense added');
    },
    onError: (error, { id }) =>
      toast.error(id ? 'Expense not updated' : 'Expense not added', { description: taxErrorText(error) }),
  });
}

/** DELETE /api/tax/expenses/{id}. */
export async function deleteTaxExpense(id: string) {
  return await apiRequest('DELETE', `/api/tax/expenses/${encodeURIComponent(id)}`, { schema: taxDeletedSchema });
}

export function useDeleteTaxExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTaxExpense,
    onSuccess: ({ message }) => {
      void queryClient.invalidateQueries({ queryKey: taxQueryRoot });
      toast.success(message);
    },
    onError: (error) => toast.error('Expense not deleted', { description: taxErrorText(error) }),
  });
}
