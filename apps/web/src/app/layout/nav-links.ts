import { shellTexts } from '@app/shared/messages';
import { isAdminUser, type User } from '@app/shared/user';

export interface NavItem {
  to: string;
  label: string;
}

/** Spec 2, navigation header: which links each kind of visitor sees, in display order. */
export function navItemsFor(user: User | null): NavItem[] {
  const items: NavItem[] = [];
  if (user) items.push({ to: '/dashboard', label: 'Dashboard' });
  items.push({ to: '/reddit', label: 'Reddit' }, { to: '/caption-generator', label: 'Caption Generator' });
  if (user?.tier === 'pro') items.push({ to: '/referral', label: 'Referral' });
  if (user) items.push({ to: '/history', label: 'History' }, { to: '/settings', label: 'Settings' });
  if (isAdminUser(user)) items.push({ to: '/admin', label: shellTexts.adminPortal });
  return items;
}

/** Signed-in users below Pro see the upgrade prompt; admins already have everything. */
export function showsUpgrade(user: User | null): boolean {
  return Boolean(user && user.tier !== 'pro' && !isAdminUser(user));
}

/** Spec 2: the account menu offers 'Replay Tutorial' only on these pages. */
export const replayTutorialPaths: ReadonlySet<string> = new Set(['/dashboard', '/settings']);
