import { makeUser } from '@app/shared/user-fixtures';

export { makeUser };
export const freeUser = makeUser();
export const starterUser = makeUser({ tier: 'starter' });
export const proUser = makeUser({ tier: 'pro', username: 'proqueen' });
export const adminUser = makeUser({ isAdmin: true, username: 'boss' });
