import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  csvImportCheckResponseSchema,
  csvImportResponseSchema,
  type CsvImportRequest,
} from '@app/shared/posts-import';
import { toast } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/request';
import { scheduledPostsQueryKey } from './get-scheduled-posts';

/** Where the example file is served (a plain download link). */
export const csvImportExampleUrl = '/api/posts/import/example.csv';

/** POST /api/posts/import/check: the per-row report; nothing is saved. */
export function useCheckImport() {
  return useMutation({
    mutationFn: (request: CsvImportRequest) =>
      apiRequest('POST', '/api/posts/import/check', { body: request, schema: csvImportCheckResponseSchema }),
  });
}

/** POST /api/posts/import: every row scheduled, or none. */
export function useImportPosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CsvImportRequest) =>
      apiRequest('POST', '/api/posts/import', { body: request, schema: csvImportResponseSchema }),
    onSuccess: (answer) => toast.success(answer.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduledPostsQueryKey }),
  });
}
