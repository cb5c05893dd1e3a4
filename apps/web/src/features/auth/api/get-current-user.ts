import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@app/shared/user';
import { currentUserQueryKey } from '../../../lib/query-client';

/**
 * GET /api/auth/user through the default query function, which already turns a 401 into null
 * and lets a 403 end a lost session (docs/product.md#accounts-and-sign-in).
 */
export function currentUserQueryOptions() {
  return queryOptions<User | null>({ queryKey: currentUserQueryKey });
}

export interface CurrentUserState {
  user: User | null;
  isLoading: boolean;
  /** What the cache holds, even when the lookup is off (no request made). */
  cached: User | null;
}

/**
 * The signed-in user, or null. A failed lookup (API down, network error) counts as signed out so
 * the visitor still gets the public pages. With `enabled: false` no request is made at all.
 */
export function useCurrentUser({ enabled = true }: { enabled?: boolean } = {}): CurrentUserState {
  const query = useQuery({ ...currentUserQueryOptions(), enabled });
  const cached = query.data ?? null;
  if (!enabled) return { user: null, isLoading: false, cached };
  // A paused fetch (browser offline) is not waited for: the visitor gets the signed-out pages.
  return { user: cached, isLoading: query.isPending && query.fetchStatus === 'fetching', cached };
}
