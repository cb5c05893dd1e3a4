import type { Page } from 'playwright-core';
import type { User } from '../../packages/shared/src/user';
import { makeUser } from '../../packages/shared/src/user-fixtures';

/**
 * Until sign-in exists (the accounts issue), route-guard journeys stand in the current user by
 * answering GET /api/auth/user in the browser; everything else goes to the real server.
 */
export const fakeUser = makeUser;

export async function signInAs(page: Page, user: User) {
  await page.route('**/api/auth/user', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(user) }),
  );
}
