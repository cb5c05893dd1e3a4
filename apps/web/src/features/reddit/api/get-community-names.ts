import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/request';

// Only what the subreddit suggestions need; the communities page owns the full shape.
const namesSchema = z.array(
  z.object({ name: z.string(), members: z.number().nullable().optional() }).loose(),
);
export type CommunityName = z.infer<typeof namesSchema>[number];

/** GET /api/reddit/communities, read for the names the schedule form suggests while typing. */
export async function getCommunityNames(signal?: AbortSignal): Promise<CommunityName[]> {
  const body = await apiRequest('GET', '/api/reddit/communities', { signal });
  const parsed = namesSchema.safeParse(body);
  // Suggestions are a convenience: without them the field still takes any name.
  return parsed.success ? parsed.data : [];
}

export function useCommunityNames({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['/api/reddit/communities', 'names'] as const,
    queryFn: ({ signal }) => getCommunityNames(signal),
    enabled,
    staleTime: 10 * 60_000,
  });
}
