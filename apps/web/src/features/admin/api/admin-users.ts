import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminUserDetailResponseSchema,
  adminUserListResponseSchema,
  adminUserSchema,
  type AdminUser,
} from '@app/shared/admin';
import type { Tier } from '@app/shared/user';
import { toast } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/request';
import { auditLogQueryKey } from './audit-log';
import { adminErrorText } from './admin-error-text';

export const adminUsersQueryKey = ['/api/admin/users'] as const;

export async function getAdminUsers(q: string, page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ q, page: String(page) });
  const body = await apiRequest('GET', `${adminUsersQueryKey[0]}?${query}`, {
    signal,
    schema: adminUserListResponseSchema,
  });
  return body;
}

export function useAdminUsers(q: string, page: number) {
  return useQuery({
    queryKey: [...adminUsersQueryKey, { q, page }],
    queryFn: ({ signal }) => getAdminUsers(q, page, signal),
    placeholderData: keepPreviousData,
  });
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
