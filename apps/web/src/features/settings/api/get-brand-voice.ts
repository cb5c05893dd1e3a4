import { queryOptions, useQuery } from '@tanstack/react-query';
import { brandVoiceResponseSchema, type BrandVoiceSettings } from '@app/shared/brand-voice';
import { apiRequest } from '../../../lib/request';

export const brandVoiceQueryKey = ['/api/user/brand-voice'] as const;

/** GET /api/user/brand-voice: the saved voice, or the defaults until one is saved. */
export async function getBrandVoice(signal?: AbortSignal): Promise<BrandVoiceSettings> {
  const body = await apiRequest('GET', brandVoiceQueryKey[0], { signal, schema: brandVoiceResponseSchema });
  return body.voice;
}

export function brandVoiceQueryOptions() {
  return queryOptions({ queryKey: brandVoiceQueryKey, queryFn: ({ signal }) => getBrandVoice(signal) });
}

export function useBrandVoice() {
  return useQuery(brandVoiceQueryOptions());
}
