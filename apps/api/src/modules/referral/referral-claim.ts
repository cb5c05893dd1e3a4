import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { loadServerSecret } from '../../lib/server-secret.js';

/**
 * The "referral claim": proof that a browser created an account, for POST /api/referral/apply,
 * which runs right after signup before the new user can sign in. Signup sets it as an httpOnly
 * cookie `<userId>.<expiresEpochSeconds>.<HMAC-SHA256 base64url>`; only the apply call receives
 * it (path /api/referral), and only from our own pages (SameSite strict).
 */
export const referralClaimCookieName = 'referral_claim';
export const referralClaimTtlSeconds = 60 * 60;
const secretName = 'referral-claim-key';

export function referralClaimCookieOptions(config: AppConfig) {
  return {
    path: '/api/referral',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.secureCookies,
    maxAge: referralClaimTtlSeconds,
  };
}

const macOf = (key: Buffer, userId: string, expires: number) =>
  createHmac('sha256', key).update(`referral-claim:${userId}:${expires}`).digest();

export async function createReferralClaim(db: Database, userId: string, now = new Date()): Promise<string> {
  const expires = Math.floor(now.getTime() / 1000) + referralClaimTtlSeconds;
  const mac = macOf(await loadServerSecret(db, secretName), userId, expires);
  return `${userId}.${expires}.${mac.toString('base64url')}`;
}

/** The user id the claim was issued for, or null when it is missing, altered or expired. */
export async function verifyReferralClaim(
  db: Database,
  claim: string | undefined,
  now = new Date(),
): Promise<string | null> {
  const [userId, expiresText, macText, ...rest] = claim?.split('.') ?? [];
  if (!userId || !expiresText || !macText || rest.length || !/^\d{1,12}$/.test(expiresText)) return null;
  const expires = Number(expiresText);
  const expected = macOf(await loadServerSecret(db, secretName), userId, expires);
  const given = Buffer.from(macText, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return expires * 1000 > now.getTime() ? userId : null;
}

export async function setReferralClaimCookie(
  reply: FastifyReply,
  db: Database,
  config: AppConfig,
  userId: string,
) {
  reply.setCookie(
    referralClaimCookieName,
    await createReferralClaim(db, userId),
    referralClaimCookieOptions(config),
  );
}

export function referralClaimOf(db: Database, request: FastifyRequest, now?: Date) {
  return verifyReferralClaim(db, request.cookies[referralClaimCookieName], now);
}
