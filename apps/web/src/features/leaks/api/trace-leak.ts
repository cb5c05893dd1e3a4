import { useMutation } from '@tanstack/react-query';
import { traceResultSchema, type TraceResult } from '@app/shared/leak-trace';
import { apiRequest } from '../../../lib/request';

/** POST /api/leaks/trace: which of her own copies a found picture is (the picture is not kept). */
export function traceLeak(file: File, signal?: AbortSignal): Promise<TraceResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest('POST', '/api/leaks/trace', { body: form, schema: traceResultSchema, signal });
}

export function useTraceLeak() {
  return useMutation({ mutationFn: (file: File) => traceLeak(file) });
}
