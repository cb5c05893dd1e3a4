import type { Page } from 'playwright-core';
import type { User } from '../../packages/shared/src/user';

/**
 * Until sign-in exists (the accounts issue), route-guard journeys stand in the current user by
 * answering GET /api/auth/user in the browser; everything else goes to the real server.
 */
export function fakeUser(overrides: Partial<User> = {}): User {
  return {
    id: '7f1c3a9e-2b4d-4c6e-8f0a-1b2c3d4e5f60',
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

export async function signInAs(page: Page, user: User) {
  await page.route('**/api/auth/user', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(user) }),
  );
}
