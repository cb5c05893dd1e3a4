import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { taxDeletedSchema, type TaxEntryKind, type TaxEntryTypes } from '@app/shared/tax';
import type { ZodType } from 'zod';
import { toast } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/request';
import { taxEntryViews } from '../entry-kinds';
import { taxErrorText, taxQueryRoot } from './tax-request';

type Entry<K extends TaxEntryKind> = TaxEntryTypes[K]['entry'];

/** GET /api/tax/income?year= or /api/tax/expenses?year=: the year's entries of one kind, newest first. */
export async function getTaxEntries<K extends TaxEntryKind>(
  kind: K,
  year: number,
  signal?: AbortSignal,
): Promise<Entry<K>[]> {
  const { path, listSchema } = taxEntryViews[kind];
  // Kind K's schema parses kind K's entries; TypeScript cannot follow K through the table.
  const schema = listSchema as ZodType<{ items: Entry<K>[] }>;
  return (await apiRequest('GET', `${path}?year=${year}`, { signal, schema })).items;
}

export const taxEntriesQueryOptions = <K extends TaxEntryKind>(kind: K, year: number) =>
  queryOptions({
    queryKey: [...taxQueryRoot, taxEntryViews[kind].queryKey, year],
    queryFn: ({ signal }) => getTaxEntries(kind, year, signal),
  });

export const useTaxEntries = <K extends TaxEntryKind>(kind: K, year: number) =>
  useQuery(taxEntriesQueryOptions(kind, year));

/** POST {path}, or PATCH {path}/{id} when an id is given. */
export async function saveTaxEntry<K extends TaxEntryKind>(
  kind: K,
  { id, values }: { id?: string; values: TaxEntryTypes[K]['createInput'] },
): Promise<Entry<K>> {
  const { path, entrySchema } = taxEntryViews[kind];
  const schema = entrySchema as ZodType<Entry<K>>;
  return id
    ? apiRequest('PATCH', `${path}/${encodeURIComponent(id)}`, { body: values, schema })
    : apiRequest('POST', path, { body: values, schema });
}

export function useSaveTaxEntry<K extends TaxEntryKind>(kind: K) {
  const queryClient = useQueryClient();
  const texts = taxEntryViews[kind];
  return useMutation({
    mutationFn: (variables: { id?: string; values: TaxEntryTypes[K]['createInput'] }) =>
      saveTaxEntry(kind, variables),
    onSuccess: (_saved, { id }) => {
      void queryClient.invalidateQueries({ queryKey: taxQueryRoot });
      toast.success(id ? texts.updated : texts.added);
    },
    onError: (error, { id }) =>
      toast.error(id ? texts.notUpdated : texts.notAdded, { description: taxErrorText(error) }),
  });
}

/** DELETE {path}/{id}. */
export async function deleteTaxEntry(kind: TaxEntryKind, id: string) {
  const path = `${taxEntryViews[kind].path}/${encodeURIComponent(id)}`;
  return apiRequest('DELETE', path, { schema: taxDeletedSchema });
}

export function useDeleteTaxEntry(kind: TaxEntryKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteTaxEntry(kind, id),
    onSuccess: ({ message }) => {
      void queryClient.invalidateQueries({ queryKey: taxQueryRoot });
      toast.success(message);
    },
    onError: (error) => toast.error(taxEntryViews[kind].notDeleted, { description: taxErrorText(error) }),
  });
}
