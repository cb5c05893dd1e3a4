import { useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { leadSignupSchema } from '@app/shared/admin';
import { firstCursor, nextCursorOf } from '../../../lib/paged-list';
import { apiPage } from '../../../lib/request';
import { leadsQueryKey } from './admin-leads';

const path = `${leadsQueryKey[0]}/signups`;

/** GET /api/admin/leads/signups: one page of the newest signups, with where they came from. */
export async function getLeadSignups(cursor: string | null, signal?: AbortSignal) {
  return apiPage(path, { schema: z.array(leadSignupSchema), cursor, signal });
}

export function useLeadSignups() {
  return useInfiniteQuery({
    queryKey: [...leadsQueryKey, 'signups'],
    queryFn: ({ pageParam, signal }) => getLeadSignups(pageParam, signal),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursorOf,
  });
}
