import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  adminUserDetailResponseSchema,
  adminUserListResponseSchema,
  adminUserSchema,
  type AdminUser,
  type AdminUserList,
} from '@app/shared/admin';
import type { Tier } from '@app/shared/user';
import { toast } from '../../../components/ui/toast';
import { firstCursor, nextCursorOf } from '../../../lib/paged-list';
import { apiPage, apiRequest, type CursorPage } from '../../../lib/request';
import { auditLogQueryKey } from './audit-log';
import { adminErrorText } from './admin-error-text';

export const adminUsersQueryKey = ['/api/admin/users'] as const;

export async function getAdminUsers(
  q: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CursorPage<AdminUserList>> {
  const query = new URLSearchParams({ q });
  return apiPage(`${adminUsersQueryKey[0]}?${query}`, {
    schema: adminUserListResponseSchema,
    cursor,
    signal,
  });
}

export function useAdminUsers(q: string) {
  return useInfiniteQuery({
    queryKey: [...adminUsersQueryKey, { q }],
    queryFn: ({ pageParam, signal }) => getAdminUsers(q, pageParam, signal),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursorOf,
    placeholderData: keepPreviousData,
  });
}

/** The loaded users, each once, and the number the search matches (from the newest page). */
export function loadedUsers(data: InfiniteData<CursorPage<AdminUserList>> | undefined) {
  const seen = new Set<string>();
  const users = (data?.pages ?? [])
    .flatMap((page) => page.items.users)
    .filter((user) => !seen.has(user.id) && seen.add(user.id));
  return { users, total: data?.pages.at(-1)?.items.total ?? 0 };
}

export function adminUserQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...adminUsersQueryKey, id],
    queryFn: async ({ signal }) =>
      await apiRequest('GET', `${adminUsersQueryKey[0]}/${encodeURIComponent(id)}`, {
        signal,
        schema: adminUserDetailResponseSchema,
      }),
  });
}

export function useAdminUser(id: string | null) {
  return useQuery({ ...adminUserQueryOptions(id ?? ''), enabled: id !== null });
}

export type AdminUserAction =
  | { kind: 'ban'; reason: string }
  | { kind: 'unban' }
  | { kind: 'suspend'; until: string; reason: string }
  | { kind: 'unsuspend' }
  | { kind: 'tier'; tier: Tier }
  | { kind: 'force-password-change' }
  | { kind: 'resend-verification' };

export const actionDoneTexts: Record<AdminUserAction['kind'], string> = {
  ban: 'User banned and signed out everywhere',
  unban: 'User unbanned',
  suspend: 'User suspended',
  unsuspend: 'Suspension lifted',
  tier: 'Tier changed',
  'force-password-change': 'The user must choose a new password at the next sign-in',
  'resend-verification': 'Verification e-mail sent',
};

export async function runAdminUserAction(id: string, action: AdminUserAction): Promise<AdminUser> {
  const { kind, ...body } = action;
  const path = `${adminUsersQueryKey[0]}/${encodeURIComponent(id)}/${kind}`;
  const answer = await apiRequest('POST', path, {
    body: Object.keys(body).length ? body : undefined,
    schema: adminUserSchema,
  });
  return answer;
}

export function useAdminUserAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AdminUserAction) => runAdminUserAction(id, action),
    onSuccess: (user, action) => {
      toast.success(actionDoneTexts[action.kind], { description: user.username });
      void queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
    },
    onError: (error) => toast.error('Action not done', { description: adminErrorText(error) }),
  });
}
