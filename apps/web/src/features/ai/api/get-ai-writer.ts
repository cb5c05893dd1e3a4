import { queryOptions, useQuery } from '@tanstack/react-query';
import { aiWriterSchema, type AiWriter } from '@app/shared/writer-label';
import { apiRequest } from '../../../lib/request';

export const aiWriterQueryKey = ['/api/ai/writer'] as const;

/** GET /api/ai/writer: who writes captions on this install (the built-in writer, or a model). */
export async function getAiWriter(signal?: AbortSignal): Promise<AiWriter> {
  return apiRequest('GET', aiWriterQueryKey[0], { signal, schema: aiWriterSchema });
}

export function aiWriterQueryOptions() {
  return queryOptions({
    queryKey: aiWriterQueryKey,
    queryFn: ({ signal }) => getAiWriter(signal),
    // The server's configuration changes only with a restart.
    staleTime: 10 * 60_000,
  });
}

export function useAiWriter() {
  return useQuery(aiWriterQueryOptions());
}
