import { errorCodes } from '@app/shared/errors';
import { accountLimitTexts } from '@app/shared/messages';
import { AppError } from '../../lib/app-error.js';
import { consumeAllowance } from '../../lib/usage-allowance.js';
import type { AuthDeps } from './auth-deps.js';
import { keyedHash } from './login-throttle.js';

const hourMs = 60 * 60 * 1000;

/** The account requests that send mail; each has its own counters. */
export type MailingRequest = 'signup' | 'forgot-password' | 'resend-verification';

export class AccountRequestLimitError extends AppError {
  constructor(message: (minutes: number) => string, resetsAt: Date) {
    const minutes = Math.max(1, Math.ceil((resetsAt.getTime() - Date.now()) / 60_000));
    // resetsAt in the body also becomes the Retry-After header (error-handler.ts).
    super(429, message(minutes), errorCodes.rateLimited, { resetsAt: resetsAt.toISOString() });
  }
}

/**
 * Counted in usage_counters, like every other hourly allowance, so all server processes share the
 * count. Subjects are keyed hashes: the table holds neither addresses nor IPs.
 */
async function take(deps: AuthDeps, scope: string, subject: string, limit: number) {
  return consumeAllowance(deps.db, {
    scope,
    subject: await keyedHash(deps.db, subject),
    windowMs: hourMs,
    limit,
  });
}

/** One request from this client (IP) for the action; 429 once the hour's allowance is used. */
export async function limitPerClient(deps: AuthDeps, action: MailingRequest, ip: string) {
  const limits = deps.config.authLimits;
  const [limit, message] =
    action === 'signup'
      ? [limits.signupsPerIp, accountLimitTexts.signupsPerIp]
      : [limits.mailRequestsPerIp, accountLimitTexts.mailRequestsPerIp];
  const allowance = await take(deps, `auth.${action}.ip`, `ip:${ip}`, limit);
  if (!allowance.allowed) throw new AccountRequestLimitError(message, allowance.resetsAt);
}

/**
 * One mail of this kind to the address as typed, whether or not an account has it: the answer
 * must not tell the two apart, and a stranger's address must not be flooded either way.
 */
export async function limitPerAddress(deps: AuthDeps, action: MailingRequest, email: string) {
  const address = `email:${email.trim().toLowerCase()}`;
  const allowance = await take(
    deps,
    `auth.${action}.address`,
    address,
    deps.config.authLimits.mailsPerAddress,
  );
  if (!allowance.allowed)
    throw new AccountRequestLimitError(accountLimitTexts.mailsPerAddress, allowance.resetsAt);
}
