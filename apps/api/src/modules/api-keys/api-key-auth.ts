import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyTexts } from '@app/shared/api-keys';
import { errorCodes } from '@app/shared/errors';
import { hasRight } from '@app/shared/plans';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { findApiKeyCandidates, touchApiKey } from './api-keys.repo.js';
import { hashApiKeySecret, lookupPrefixOf, sameHash } from './api-key-secret.js';
import { meterApiCall } from './api-usage.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** True on the public API routes a personal API key may call (decision 014). */
    apiKey?: boolean;
  }
  interface FastifyRequest {
    /** Set when the request was authenticated by a personal API key rather than a session. */
    apiKeyId: string | null;
  }
}

/** The key's owner, or the refusal that names what is wrong with the key. */
async function resolveKeyOwner(db: Database, secret: string): Promise<{ keyId: string; user: UserRow }> {
  const hash = hashApiKeySecret(secret);
  const candidates = await findApiKeyCandidates(db, lookupPrefixOf(secret));
  const match = candidates.find((candidate) => sameHash(candidate.key.secretHash, hash));
  if (!match) throw AppError.unauthorized(apiKeyTexts.keyMissingOrUnknown);
  if (match.key.revokedAt) throw AppError.unauthorized(apiKeyTexts.keyRevoked);
  // Keys are revoked at ban time; this also covers a ban written by a script or by hand.
  if (match.user.bannedAt) throw new AppError(403, apiKeyTexts.keyOwnerRestricted, errorCodes.accountBanned);
  if (!hasRight(match.user, 'apiAccess')) throw AppError.forbidden(apiKeyTexts.keyOwnerNotPro);
  return { keyId: match.key.id, user: match.user };
}

/**
 * Authenticates a request that carries a personal API key, as its owner and nothing else: the
 * session cookie is never read for it, which is why the CSRF check may skip it. Only routes marked
 * `config.apiKey` accept keys; each accepted call takes one from the owner's monthly allowance.
 */
export async function authenticateApiKey(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  options: { db: Database; monthlyLimit: number },
) {
  // An unknown address answers its 404 as usual, with nobody signed in.
  if (!request.routeOptions.url) return;
  if (request.routeOptions.config.apiKey !== true) throw AppError.forbidden(apiKeyTexts.routeNotPublic);
  const { keyId, user } = await resolveKeyOwner(options.db, secret);
  const allowance = await meterApiCall(options.db, user.id, options.monthlyLimit);
  if (!allowance.allowed) {
    const resetsAt = allowance.resetsAt.toISOString();
    reply.header(
      'retry-after',
      String(Math.max(1, Math.ceil((allowance.resetsAt.getTime() - Date.now()) / 1000))),
    );
    throw new AppError(429, apiKeyTexts.limitReached(allowance.resetsAt), errorCodes.rateLimited, {
      resetsAt,
    });
  }
  await touchApiKey(options.db, keyId);
  request.currentUser = user;
  request.sessionId = null;
  request.apiKeyId = keyId;
}
