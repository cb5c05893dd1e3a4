import { useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { leadApplicationSchema } from '@app/shared/admin';
import { firstCursor, nextCursorOf } from '../../../lib/paged-list';
import { apiPage } from '../../../lib/request';
import { leadsQueryKey } from './admin-leads';

const path = `${leadsQueryKey[0]}/applications`;

/** GET /api/admin/leads/applications: one page of the referral applications waiting for review. */
export async function getLeadApplications(cursor: string | null, signal?: AbortSignal) {
  return apiPage(path, { schema: z.array(leadApplicationSchema), cursor, signal });
}

export function useLeadApplications() {
  return useInfiniteQuery({
    queryKey: [...leadsQueryKey, 'applications'],
    queryFn: ({ pageParam, signal }) => getLeadApplications(pageParam, signal),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursorOf,
  });
}
