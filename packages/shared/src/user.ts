import { z } from 'zod';

export const tiers = ['free', 'starter', 'pro'] as const;
export const tierSchema = z.enum(tiers);
export type Tier = z.infer<typeof tierSchema>;

export const roles = ['user', 'admin'] as const;
export const roleSchema = z.enum(roles);

/** The signed-in user as GET /api/auth/user returns it (docs/product.md#accounts-and-sign-in). */
export const userSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  tier: tierSchema,
  role: roleSchema,
  isAdmin: z.boolean(),
  mustChangePassword: z.boolean(),
  emailVerified: z.boolean(),
  bannedAt: z.string().nullable(),
  suspendedUntil: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export function isAdminUser(user: Pick<User, 'isAdmin' | 'role'> | null | undefined): boolean {
  return Boolean(user && (user.isAdmin || user.role === 'admin'));
}

export function isSuspended(user: Pick<User, 'suspendedUntil'>, now: Date = new Date()): boolean {
  return user.suspendedUntil !== null && new Date(user.suspendedUntil).getTime() > now.getTime();
}

/** docs/product.md#access-and-roles: full access means logged in, verified, not banned and not suspended. */
export function deriveAccess(user: User | null | undefined, now: Date = new Date()) {
  const isAuthenticated = Boolean(user);
  const isVerified = Boolean(user?.emailVerified);
  const hasFullAccess = Boolean(user && isVerified && !user.bannedAt && !isSuspended(user, now));
  return { isAuthenticated, isVerified, hasFullAccess };
}
