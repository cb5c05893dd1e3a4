import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  earlyAccessListResponseSchema,
  earlyAccessTexts,
  type UpcomingFeatureKey,
} from '@app/shared/early-access';
import { toast } from '../../../components/ui/toast';
import { apiRequest, userFacingMessage } from '../../../lib/request';

const earlyAccessQueryKey = ['early-access'] as const;

/** GET /api/early-access: every upcoming feature with the user's choice. */
export async function getEarlyAccess(signal?: AbortSignal) {
  return apiRequest('GET', '/api/early-access', { signal, schema: earlyAccessListResponseSchema });
}

export const earlyAccessQueryOptions = () =>
  queryOptions({ queryKey: earlyAccessQueryKey, queryFn: ({ signal }) => getEarlyAccess(signal) });

export const useEarlyAccess = () => useQuery(earlyAccessQueryOptions());

/** PUT (join) or DELETE (leave) /api/early-access/:feature; both answer the whole list. */
export async function setEarlyAccess({ feature, optIn }: { feature: UpcomingFeatureKey; optIn: boolean }) {
  return apiRequest(optIn ? 'PUT' : 'DELETE', `/api/early-access/${encodeURIComponent(feature)}`, {
    schema: earlyAccessListResponseSchema,
  });
}

export function useSetEarlyAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEarlyAccess,
    onSuccess: (list, { feature, optIn }) => {
      queryClient.setQueryData(earlyAccessQueryKey, list);
      const title = list.features.find((f) => f.key === feature)?.title ?? feature;
      toast.success(optIn ? earlyAccessTexts.optedIn(title) : earlyAccessTexts.optedOut(title));
    },
    onError: (error) => toast.error(earlyAccessTexts.saveFailed, { description: userFacingMessage(error) }),
  });
}
