import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { communityListResponseSchema, communitySchema, type CommunityInput } from '@app/shared/communities';
import { toast } from '../../../components/ui/toast';
import { ApiError, apiRequest } from '../../../lib/request';
import { adminErrorText } from './admin-error-text';

export const adminCommunitiesQueryKey = ['/api/reddit/communities', 'admin'] as const;

export function useAdminCommunities(search: string) {
  return useQuery({
    queryKey: [...adminCommunitiesQueryKey, search],
    queryFn: async ({ signal }) => {
      const body = await apiRequest('GET', `/api/reddit/communities?${new URLSearchParams({ search })}`, {
        signal,
        schema: communityListResponseSchema,
      });
      return body;
    },
    placeholderData: keepPreviousData,
  });
}

function useCommunityMutation<T>(mutationFn: (input: T) => Promise<unknown>, done: string, failed: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      toast.success(done);
      void queryClient.invalidateQueries({ queryKey: adminCommunitiesQueryKey });
    },
    onError: (error) => toast.error(failed, { description: adminErrorText(error) }),
  });
}

export type CommunityEdit = Partial<
  Pick<
    CommunityInput,
    'displayName' | 'description' | 'members' | 'engagementRate' | 'promotionAllowed' | 'verificationRequired'
  >
>;

export function useEditCommunity() {
  return useCommunityMutation(
    async ({ id, patch }: { id: string; patch: CommunityEdit }) =>
      await apiRequest('PATCH', `/api/admin/communities/${encodeURIComponent(id)}`, {
        body: patch,
        schema: communitySchema,
      }),
    'Community saved',
    'Community not saved',
  );
}

export function useDeleteCommunity() {
  return useCommunityMutation(
    (id: string) => apiRequest('DELETE', `/api/admin/communities/${encodeURIComponent(id)}`),
    'Community removed from the list',
    'Community not removed',
  );
}

const importResultSchema = z.object({ inserted: z.number(), updated: z.number() });
const importProblemsSchema = z.object({
  errors: z
    .array(
      z.object({
        row: z.number(),
        line: z.number().optional(),
        field: z.string().optional(),
        message: z.string(),
      }),
    )
    .optional(),
});

/** The problems of a refused import, one line each, for showing under the form. */
export function importProblemLines(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const body = importProblemsSchema.safeParse(error.body);
  return (body.success ? (body.data.errors ?? []) : []).map(
    (problem) =>
      `Row ${problem.row}${problem.line ? ` (line ${problem.line})` : ''}${problem.field ? `, ${problem.field}` : ''}: ${problem.message}`,
  );
}

/** CSV text goes as a JSON string, which the import route reads as CSV; a JSON file is sent as it is. */
export function useImportCommunities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (text: string) => {
      const trimmed = text.trim();
      const body: unknown = trimmed.startsWith('{') || trimmed.startsWith('[') ? JSON.parse(trimmed) : text;
      const payload = Array.isArray(body) ? { communities: body } : body;
      return await apiRequest('POST', '/api/admin/communities/import', {
        body: payload,
        schema: importResultSchema,
      });
    },
    onSuccess: ({ inserted, updated }) => {
      toast.success('Communities imported', { description: `${inserted} added, ${updated} updated.` });
      void queryClient.invalidateQueries({ queryKey: adminCommunitiesQueryKey });
    },
    onError: (error) => toast.error('Nothing imported', { description: adminErrorText(error) }),
  });
}
