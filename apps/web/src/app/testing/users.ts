import type { User } from '@app/shared/user';

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

export const freeUser = makeUser();
export const starterUser = makeUser({ tier: 'starter' });
export const proUser = makeUser({ tier: 'pro', username: 'proqueen' });
export const adminUser = makeUser({ isAdmin: true, username: 'boss' });
