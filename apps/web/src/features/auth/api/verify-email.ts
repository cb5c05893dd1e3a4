import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/request';

const verifyEmailResponseSchema = z.object({ message: z.string(), email: z.string().optional() });

/** GET /api/auth/verify-email?token=…; failures carry a code such as expired_token. */
export async function verifyEmail(token: string, signal?: AbortSignal) {
  const path = `/api/auth/verify-email?token=${encodeURIComponent(token)}`;
  return await apiRequest('GET', path, { signal, schema: verifyEmailResponseSchema });
}

// A token works once: the answer is kept for the page's lifetime so a remount never re-sends it.
export function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['/api/auth/verify-email', token],
    queryFn: ({ signal }) => verifyEmail(token, signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

export function useVerifyEmail(token: string | null) {
  return useQuery({ ...verifyEmailQueryOptions(token ?? ''), enabled: Boolean(token) });
}
