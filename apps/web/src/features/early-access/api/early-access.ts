import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  earlyAccessListResponseSchema,
  earlyAccessTexts,
  type EarlyAccessListResponse,
  type UpcomingFeatureKey,
} from '@app/shared/early-access';
import { httpMessages } from '@app/shared/messages';
import { toast } from '../../../components/ui/toast';
import { apiRequest, userFacingMessage } from '../../../lib/request';

const earlyAccessQueryKey = ['early-access'] as const;

function parsed(body: unknown): EarlyAccessListResponse {
  const result = earlyAccessListResponseSchema.safeParse(body);
  if (!result.success) throw new Error(httpMessages.serverError, { cause: result.error });
  return result.data;
}

/** GET /api/early-access: every upcoming feature with the user's choice. */
export async function getEarlyAccess(signal?: AbortSignal) {
  return parsed(await apiRequest('GET', '/api/early-access', undefined, { signal }));
}

export const earlyAccessQueryOptions = () =>
  queryOptions({ queryKey: earlyAccessQueryKey, queryFn: ({ signal }) => getEarlyAccess(signal) });

export const useEarlyAccess = () => useQuery(earlyAccessQueryOptions());

/** PUT (join) or DELETE (leave) /api/early-access/:feature; both answer the whole list. */
export async function setEarlyAccess({ feature, optIn }: { feature: UpcomingFeatureKey; optIn: boolean }) {
  return parsed(
    await apiRequest(optIn ? 'PUT' : 'DELETE', `/api/early-access/${encodeURIComponent(feature)}`),
  );
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
