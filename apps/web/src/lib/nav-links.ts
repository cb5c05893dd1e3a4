import { shellTexts } from '@app/shared/messages';
import { hasRight, type PlanRight } from '@app/shared/plans';
import { isAdminUser, type User } from '@app/shared/user';
import { visitorNavItems, type Access, type NavItem } from './access';

/**
 * A right the user's *plan* grants. docs/product.md#access-and-roles gives /referral to the pro tier only, so the admin
 * override of `hasRight` (admins have every right) must not open it to admins on a free tier.
 */
export function planGrants(user: User, right: PlanRight): boolean {
  return hasRight({ tier: user.tier, isAdmin: false, role: 'user' }, right);
}

/** docs/product.md#pages-and-navigation, navigation header: which links each kind of visitor sees, in display order. */
export function navItemsFor(user: User | null): NavItem[] {
  const items: NavItem[] = [];
  if (user) items.push({ to: '/dashboard', label: 'Dashboard' });
  items.push(...visitorNavItems);
  if (user && planGrants(user, 'referralProgram')) items.push({ to: '/referral', label: 'Referral' });
  if (user) items.push({ to: '/history', label: 'History' }, { to: '/settings', label: 'Settings' });
  if (isAdminUser(user)) items.push({ to: '/admin', label: shellTexts.adminPortal });
  return items;
}

/** docs/product.md#pages-and-navigation: signed-in users below Pro see the upgrade prompt; admins already have everything. */
export function showsUpgrade(user: User | null): boolean {
  return Boolean(user && user.tier !== 'pro' && !isAdminUser(user));
}

/** docs/product.md#pages-and-navigation: the account menu offers 'Replay Tutorial' only on these pages. */
export const replayTutorialPaths: ReadonlySet<string> = new Set(['/dashboard', '/settings']);

/** The checks the signed-in shell provides to the header and the guards (lib/access.ts). */
export const userAccess: Access = { navItems: navItemsFor, showsUpgrade, isAdmin: isAdminUser, planGrants };
