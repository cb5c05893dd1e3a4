import type { FastifyRequest } from 'fastify';
import { errorCodes } from '@app/shared/errors';
import { restrictionTexts } from '@app/shared/messages';
import { deriveAccess, isSuspended, type User } from '@app/shared/user';
import { AppError } from '../lib/app-error.js';
import { toPublicUser } from '../modules/auth/public-user.js';
import { isPlaceholderEmail } from '../modules/oauth/account-names.js';

function formatUntil(iso: string): string {
  const date = new Date(iso);
  return `${date.toLocaleString('en-GB', { timeZone: 'UTC', dateStyle: 'long', timeStyle: 'short' })} UTC`;
}

export const bannedRefusal = () => new AppError(403, restrictionTexts.banned, errorCodes.accountBanned);

/**
 * Why a signed-in user lacks full access (docs/product.md#access-and-roles), as the error the API answers, or null when they
 * have it. Checked in the order of the posting page's access gate so its title and our code agree.
 */
export function fullAccessRefusal(user: User, now = new Date()): AppError | null {
  if (deriveAccess(user, now).hasFullAccess) return null;
  if (!user.emailVerified) {
    // Accounts from Reddit sign-in have no real address yet: nothing was sent that could be opened.
    if (isPlaceholderEmail(user.email)) {
      return new AppError(
        403,
        'Verify your email to continue: add your email address in Settings, then open the link we send you.',
        errorCodes.emailNotVerified,
      );
    }
    return new AppError(
      403,
      `Verify your email to continue: open the link we sent to ${user.email}, or use "Resend verification" to get a new one.`,
      errorCodes.emailNotVerified,
      { email: user.email },
    );
  }
  if (user.bannedAt) return bannedRefusal();
  if (isSuspended(user, now)) {
    return new AppError(
      403,
      `Your account is suspended until ${formatUntil(user.suspendedUntil!)}. You can use this feature again after that; contact support if you think this is a mistake.`,
      errorCodes.accountSuspended,
    );
  }
  return AppError.forbidden();
}

/**
 * onRequest (or preHandler) hook for community and posting routes: 401 when signed out, 403 with
 * EMAIL_NOT_VERIFIED, ACCOUNT_BANNED or ACCOUNT_SUSPENDED when the account lacks full access.
 */
export async function requireFullAccess(request: FastifyRequest) {
  if (!request.currentUser) throw AppError.unauthorized();
  const refusal = fullAccessRefusal(toPublicUser(request.currentUser));
  if (refusal) throw refusal;
}

/**
 * onRequest hook for what a banned account may not do even outside the posting features: create API
 * keys, upload or protect media (decision 019). Reading, exporting and deleting stay open.
 */
export async function requireNotBanned(request: FastifyRequest) {
  if (!request.currentUser) throw AppError.unauthorized();
  if (request.currentUser.bannedAt) throw bannedRefusal();
}
