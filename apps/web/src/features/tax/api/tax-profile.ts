import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { taxProfileSchema, type TaxProfile, type UpdateTaxProfileInput } from '@app/shared/tax';
import { toast } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/request';
import { taxErrorText, taxQueryRoot } from './tax-request';

/** GET /api/tax/profile: the user's rate (25 % until they set one). */
export async function getTaxProfile(signal?: AbortSignal): Promise<TaxProfile> {
  return await apiRequest('GET', '/api/tax/profile', { signal, schema: taxProfileSchema });
}

export const taxProfileQueryOptions = () =>
  queryOptions({ queryKey: [...taxQueryRoot, 'profile'], queryFn: ({ signal }) => getTaxProfile(signal) });

export const useTaxProfile = () => useQuery(taxProfileQueryOptions());

/** PUT /api/tax/profile {ratePercent}. */
export async function saveTaxProfile(values: UpdateTaxProfileInput): Promise<TaxProfile> {
  return await apiRequest('PUT', '/api/tax/profile', { body: values, schema: taxProfileSchema });
}

export function useSaveTaxProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTaxProfile,
    onSuccess: (profile) => {
      // Every summary depends on the rate.
      void queryClient.invalidateQueries({ queryKey: taxQueryRoot });
      toast.success('Tax rate saved', { description: `Estimates now use ${profile.ratePercent} %.` });
    },
    onError: (error) => toast.error('Tax rate not saved', { description: taxErrorText(error) }),
  });
}
