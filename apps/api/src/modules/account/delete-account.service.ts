import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  accountErrorCodes,
  accountMessages,
  isDeleteConfirmation,
  type DeleteAccountRequest,
} from '@app/shared/account';
import type { MediaStorage } from '../../adapters/storage/media-storage.js';
import { PaymentProviderError, type PaymentGateway } from '../../adapters/stripe/payment-gateway.js';
import type { Database } from '../../db/client.js';
import { mediaAssets, subscriptions, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { findUserById } from '../auth/user.repo.js';
import { storageKeysOf } from '../media/media-asset.js';
import { checkAccountPassword } from './reauthenticate.js';
import { deleteExplicitRows } from './owned-data.js';

export interface DeleteAccountDeps {
  db: Database;
  storage: MediaStorage;
  /** undefined when Stripe is not configured. */
  gateway: PaymentGateway | undefined;
  log: FastifyBaseLogger;
}

/** Subscriptions Stripe could still charge: anything not yet ended, including an unpaid checkout. */
const endedStatuses: string[] = ['canceled', 'incomplete_expired'];

function paymentFailure(deps: DeleteAccountDeps, error: unknown, action: string): never {
  if (!(error instanceof PaymentProviderError)) throw error;
  deps.log.error(
    { kind: error.kind, detail: error.message },
    `Stripe could not ${action} of an account being deleted`,
  );
  throw new AppError(502, accountMessages.paymentCancelFailed, accountErrorCodes.paymentCancelFailed);
}

/**
 * Ends every subscription Stripe could still charge, then deletes the user's Stripe customers so
 * Stripe keeps no address of theirs and an open payment page can no longer be paid.
 */
async function closeStripeAccount(deps: DeleteAccountDeps, userId: string) {
  const rows = await deps.db
    .select({
      status: subscriptions.status,
      stripeSubscriptionId: subscriptions.stripeSubscriptionId,
      stripeCustomerId: subscriptions.stripeCustomerId,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  const open = rows.filter((row) => row.stripeSubscriptionId && !endedStatuses.includes(row.status));
  if (!deps.gateway) {
    if (open.length > 0)
      throw new AppError(503, accountMessages.paymentNotConfigured, accountErrorCodes.paymentCancelFailed);
    return;
  }
  for (const { stripeSubscriptionId } of open) {
    await deps.gateway
      .cancelSubscription(stripeSubscriptionId!)
      .catch((error: unknown) => paymentFailure(deps, error, 'cancel a subscription'));
  }
  const customerIds = [
    ...new Set(rows.flatMap((row) => (row.stripeCustomerId ? [row.stripeCustomerId] : []))),
  ];
  await deps.gateway
    .deleteCustomers({ id: userId }, customerIds)
    .catch((error: unknown) => paymentFailure(deps, error, 'delete the customer'));
}

/** Each row's files by key, then the owner's whole folder, which also catches files no row points at. */
async function deleteStoredFiles(deps: DeleteAccountDeps, userId: string) {
  const assets = await deps.db.select().from(mediaAssets).where(eq(mediaAssets.userId, userId));
  try {
    for (const asset of assets) for (const key of storageKeysOf(asset)) await deps.storage.delete(key);
    await deps.storage.deletePrefix(`${userId}/`);
  } catch (error) {
    deps.log.error({ err: error }, 'could not delete the stored files of an account being deleted');
    throw new AppError(503, accountMessages.storageDeleteFailed, accountErrorCodes.storageDeleteFailed);
  }
}

/**
 * Deletes the account for good. Order matters: Stripe first (subscriptions ended, customers deleted) (a failure leaves everything as it
 * was, and the user can try again), then stored files (if storage fails, the rows still say what
 * to delete next time), then every row in one transaction — cascades from users plus explicit
 * deletes where the schema keeps rows (analytics, referrals, counters). Sessions go with the user
 * row, which signs the person out everywhere.
 */
export async function deleteAccount(
  deps: DeleteAccountDeps,
  user: UserRow,
  request: DeleteAccountRequest,
  ip: string | undefined,
) {
  if (!isDeleteConfirmation(request.confirmation)) {
    throw new AppError(400, accountMessages.confirmationRequired, accountErrorCodes.confirmationRequired, {
      field: 'confirmation',
    });
  }
  if (user.passwordHash) {
    await checkAccountPassword(
      deps.db,
      user,
      request.password,
      ip,
      accountMessages.passwordRequiredForDelete,
    );
  }

  await closeStripeAccount(deps, user.id);
  await deleteStoredFiles(deps, user.id);
  await deps.db.transaction((tx) => deleteExplicitRows(tx, user));

  // An upload or protection that was finishing while we deleted may have stored one more file;
  // its row insert now fails (no user), but sweep the folder once more so nothing stays behind.
  await deps.storage.deletePrefix(`${user.id}/`).catch((error: unknown) => {
    deps.log.error({ err: error }, 'could not sweep the storage folder of a deleted account');
  });
}

/** The route's entry: the stored row, not the session's copy, is what the password is checked against. */
export async function deleteAccountOf(
  deps: DeleteAccountDeps,
  userId: string,
  request: DeleteAccountRequest,
  ip: string | undefined,
) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw AppError.unauthorized();
  await deleteAccount(deps, user, request, ip);
}
