import type { User } from '@app/shared/user';
import type { UserRow } from '../../db/schema/index.js';

/** The only shape of a user that leaves the server: no hashes, no internal columns. */
export function toPublicUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    tier: row.tier,
    role: row.role,
    isAdmin: row.isAdmin,
    mustChangePassword: row.mustChangePassword,
    emailVerified: row.emailVerifiedAt !== null,
    bannedAt: row.bannedAt?.toISOString() ?? null,
    suspendedUntil: row.suspendedUntil?.toISOString() ?? null,
  };
}
