import type { User } from './user';

/** A signed-in user as GET /api/auth/user returns it, for tests on both sides. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: '3f1c2b9e-8a4d-4c67-9e21-5b7a0d6c4e10',
    username: 'velvetrose',
    email: 'velvet@example.com',
    tier: 'free',
    role: 'user',
    isAdmin: false,
    mustChangePassword: false,
    emailVerified: true,
    bannedAt: null,
    suspendedUntil: null,
    ...overrides,
  };
}
