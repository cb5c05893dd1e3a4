// Shared by the pages behind the docs/product.md#access-and-roles gate (communities, Reddit posting).
import { errorCodes } from '@app/shared/errors';
import { accessGateDescriptions, accessGateTitles } from '@app/shared/messages';
import { deriveAccess, isSuspended, type User } from '@app/shared/user';
import { ApiError } from '../lib/api-error';
import { formatDateTime } from '../lib/format/date-time';

export type AccessGateKind = keyof typeof accessGateTitles;

export interface AccessGate {
  kind: AccessGateKind;
  title: string;
  description: string;
  /** Set for an unverified account whose address can receive the verification mail. */
  resendTo?: string;
}

// Accounts made through Reddit sign-in carry a reserved ".invalid" address until the user adds one.
const isPlaceholderEmail = (email: string) => /\.invalid$/i.test(email);

const accessCodes = new Set<string>([
  errorCodes.emailNotVerified,
  errorCodes.accountBanned,
  errorCodes.accountSuspended,
]);

/**
 * docs/product.md#access-and-roles: without full access the title follows the account (unverified, banned, suspended,
 * otherwise); with full access only a 403 from the server blocks. Null means not blocked.
 */
export function computeAccessGate(
  user: User | null,
  error: unknown,
  { now = new Date(), locale }: { now?: Date; locale?: string } = {},
): AccessGate | null {
  if (!deriveAccess(user, now).hasFullAccess) {
    if (user && !user.emailVerified) {
      const canResend = !isPlaceholderEmail(user.email);
      return {
        kind: 'unverified',
        title: accessGateTitles.unverified,
        description: canResend ? accessGateDescriptions.unverified : accessGateDescriptions.unverifiedNoEmail,
        resendTo: canResend ? user.email : undefined,
      };
    }
    if (user?.bannedAt)
      return { kind: 'banned', title: accessGateTitles.banned, description: accessGateDescriptions.banned };
    if (user && isSuspended(user, now)) {
      return {
        kind: 'suspended',
        title: accessGateTitles.suspended,
        description: accessGateDescriptions.suspended(
          formatDateTime(user.suspendedUntil!, { style: 'long', locale }),
        ),
      };
    }
    return { kind: 'other', title: accessGateTitles.other, description: accessGateDescriptions.other };
  }
  if (error instanceof ApiError && error.status === 403) {
    // Our own server explains access refusals in words meant for the user; anything else stays generic.
    const explained = error.code !== undefined && accessCodes.has(error.code);
    return {
      kind: 'blocked',
      title: accessGateTitles.blocked,
      description: explained ? error.message : accessGateDescriptions.blocked,
      resendTo: error.code === errorCodes.emailNotVerified ? error.email : undefined,
    };
  }
  return null;
}
