import type { FastifyRequest } from 'fastify';
import { apiKeyPrefix } from '@app/shared/api-keys';

export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/**
 * A personal API key in the Authorization header. Keys start with "cs_live_"; session access
 * tokens are 43 random base64url characters, which begin with those 8 only by a 1-in-2^48 chance.
 */
export function apiKeyCredentialOf(request: FastifyRequest): string | undefined {
  const token = bearerToken(request);
  return token?.startsWith(apiKeyPrefix) ? token : undefined;
}
