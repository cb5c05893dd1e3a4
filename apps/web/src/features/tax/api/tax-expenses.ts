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
import { parsed, taxErrorText, taxQueryRoot } from './tax-request';

/** GET /api/tax/expenses?year=: the year's expenses, newest first. */
export async function getTaxExpenses(year: number, signal?: AbortSignal): Promise<TaxExpense[]> {
  return parsed(
    taxExpenseListSchema,
    await apiRequest('GET', `/api/tax/expenses?year=${year}`, undefined, { signal }),
  ).items;
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
  const body = id
    ? await apiRequest('PATCH', `/api/tax/expenses/${encodeURIComponent(id)}`, values)
    : await apiRequest('POST', '/api/tax/expenses', values);
  return parsed(taxExpenseSchema, body);
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
  return parsed(taxDeletedSchema, await apiRequest('DELETE', `/api/tax/expenses/${encodeURIComponent(id)}`));
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
