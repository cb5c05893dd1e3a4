import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountErrorCodes, accountMessages } from '@app/shared/account';
import {
  apiKeyErrorCodes,
  apiKeyListResponseSchema,
  apiKeySchema,
  apiKeyTexts,
  createdApiKeyResponseSchema,
  type ApiKey,
  type CreateApiKeyRequest,
} from '@app/shared/api-keys';
import { restrictionTexts } from '@app/shared/messages';
import { toast } from '../../../components/ui/toast';
import { ApiError, apiRequest, userFacingMessage } from '../../../lib/request';

export const apiKeysQueryKey = ['/api/api-keys'] as const;

const explainedMessages: ReadonlySet<string> = new Set<string>([
  apiKeyTexts.proOnly,
  apiKeyTexts.notFound,
  apiKeyTexts.nameRequired,
  apiKeyTexts.nameTooLong,
  apiKeyTexts.passwordRequired,
  apiKeyTexts.passwordNotSet,
  accountMessages.wrongPassword,
  restrictionTexts.banned,
]);

const passwordCodes: ReadonlySet<string> = new Set([
  accountErrorCodes.wrongPassword,
  accountErrorCodes.passwordRequired,
  apiKeyErrorCodes.passwordNotSet,
]);

/** The server's answer about the password field (wrong, missing, none set), shown under the field itself. */
export function apiKeyPasswordError(error: unknown): string | undefined {
  if (error instanceof ApiError && error.code && passwordCodes.has(error.code) && error.hasServerMessage) {
    return error.message;
  }
  return undefined;
}

/**
 * The key routes' 403 (Pro only) and 404 (key not found) say what to do, so they are shown
 * instead of the catalogue's generic status texts; anything else goes through the usual mapping.
 */
export function apiKeyErrorText(error: unknown): string {
  if (error instanceof ApiError && error.hasServerMessage && explainedMessages.has(error.message)) {
    return error.message;
  }
  return userFacingMessage(error);
}

/** GET /api/api-keys: the user's keys, revoked ones included; never a secret. */
export async function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  const body = await apiRequest('GET', apiKeysQueryKey[0], { signal, schema: apiKeyListResponseSchema });
  return body.keys;
}

export function apiKeysQueryOptions() {
  return queryOptions({ queryKey: apiKeysQueryKey, queryFn: ({ signal }) => getApiKeys(signal) });
}

export function useApiKeys(enabled = true) {
  return useQuery({ ...apiKeysQueryOptions(), enabled });
}

/** POST /api/api-keys {name, currentPassword}: the one answer that carries the whole key. */
export async function createApiKey(input: CreateApiKeyRequest) {
  const body = await apiRequest('POST', apiKeysQueryKey[0], {
    body: input,
    schema: createdApiKeyResponseSchema,
  });
  return body;
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: ({ key }) => {
      // Only the listed fields go into the cache: the secret must not outlive its dialog.
      queryClient.setQueryData<ApiKey[]>(apiKeysQueryKey, (keys) => [key, ...(keys ?? [])]);
      void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
      toast.success('API key created', { description: `"${key.name}" is ready. Copy it now.` });
    },
    // A password problem is shown under the password field instead.
    onError: (error) => {
      if (!apiKeyPasswordError(error))
        toast.error('API key not created', { description: apiKeyErrorText(error) });
    },
  });
}

/** DELETE /api/api-keys/{id}: revokes the key at once; it stays listed as revoked. */
export async function revokeApiKey(id: string): Promise<ApiKey> {
  const body = await apiRequest('DELETE', `${apiKeysQueryKey[0]}/${encodeURIComponent(id)}`, {
    schema: apiKeySchema,
  });
  return body;
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: (revoked) => {
      queryClient.setQueryData<ApiKey[]>(apiKeysQueryKey, (keys) =>
        keys?.map((key) => (key.id === revoked.id ? revoked : key)),
      );
      toast.success('API key revoked', {
        description: `"${revoked.name}" no longer works. Scripts using it get 401 from now on.`,
      });
    },
    onError: (error) => toast.error('API key not revoked', { description: apiKeyErrorText(error) }),
  });
}
