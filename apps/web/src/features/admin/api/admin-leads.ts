import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewedApplicationResponseSchema } from '@app/shared/admin';
import { toast } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/request';
import { adminErrorText } from './admin-error-text';
import { auditLogQueryKey } from './audit-log';

/** Both lead lists live under this key, so a review's invalidation refreshes them together. */
export const leadsQueryKey = ['/api/admin/leads'] as const;

export async function reviewApplication(id: string, verdict: 'approve' | 'reject') {
  const body = await apiRequest('POST', `${leadsQueryKey[0]}/${encodeURIComponent(id)}/${verdict}`, {
    schema: reviewedApplicationResponseSchema,
  });
  return body;
}

export function useReviewApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, verdict }: { id: string; verdict: 'approve' | 'reject' }) =>
      reviewApplication(id, verdict),
    onSuccess: ({ status }) => {
      toast.success(status === 'linked' ? 'Referral approved and linked' : 'Referral rejected');
      void queryClient.invalidateQueries({ queryKey: leadsQueryKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
    },
    onError: (error) => toast.error('Application not reviewed', { description: adminErrorText(error) }),
  });
}
