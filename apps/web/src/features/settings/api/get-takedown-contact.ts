import { queryOptions, useQuery } from '@tanstack/react-query';
import { takedownContactResponseSchema, type TakedownContact } from '@app/shared/takedown-contact';
import { apiRequest } from '../../../lib/request';

export const takedownContactQueryKey = ['/api/user/takedown-contact'] as const;

/** GET /api/user/takedown-contact: who signs her takedown notices (all null until saved). */
export async function getTakedownContact(signal?: AbortSignal): Promise<TakedownContact> {
  const body = await apiRequest('GET', takedownContactQueryKey[0], {
    signal,
    schema: takedownContactResponseSchema,
  });
  return body.contact;
}

export function useTakedownContact() {
  return useQuery(
    queryOptions({ queryKey: takedownContactQueryKey, queryFn: ({ signal }) => getTakedownContact(signal) }),
  );
}
