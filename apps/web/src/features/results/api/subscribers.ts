import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  subscriberDeletedResponseSchema,
  subscriberImportReportSchema,
  subscriberImportResponseSchema,
  subscriberListResponseSchema,
  subscriberSavedResponseSchema,
  subscriberTexts,
  type PutSubscriberCount,
  type SubscriberImportReport,
  type SubscriberImportRequest,
} from '@app/shared/subscribers';
import { toast } from '../../../components/ui/toast';
import { ApiError, apiRequest, userFacingMessage } from '../../../lib/request';

const path = '/api/results/subscribers';

/** Saving or deleting a count changes the estimate in Results too. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [path] }),
      queryClient.invalidateQueries({ queryKey: ['/api/results'] }),
    ]);
}

export function useSubscriberCounts(days: number, enabled: boolean) {
  return useQuery({
    queryKey: [path, days] as const,
    queryFn: ({ signal }) =>
      apiRequest('GET', `${path}?days=${days}`, { signal, schema: subscriberListResponseSchema }),
    enabled,
  });
}

export function useSaveSubscriberCount() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PutSubscriberCount) =>
      apiRequest('PUT', path, { body, schema: subscriberSavedResponseSchema }),
    onSuccess: (answer) => toast.success(answer.message),
    onSettled: refresh,
  });
}

export function useDeleteSubscriberCount() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ day, source }: { day: string; source: string }) =>
      apiRequest('DELETE', `${path}/${encodeURIComponent(day)}?source=${encodeURIComponent(source)}`, {
        schema: subscriberDeletedResponseSchema,
      }),
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => toast.error(subscriberTexts.deleteFailed, { description: userFacingMessage(error) }),
    onSettled: refresh,
  });
}

/** The per-row report a refused file comes back with (422), if the failure is one. */
export function importReportOf(error: unknown): SubscriberImportReport | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const parsed = subscriberImportReportSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

export function useImportSubscribers() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: SubscriberImportRequest) =>
      apiRequest('POST', `${path}/import`, { body, schema: subscriberImportResponseSchema }),
    onSuccess: (answer) => toast.success(answer.message),
    onSettled: refresh,
  });
}
