import { createContext, useContext } from 'react';
import type { PlanRight } from '@app/shared/plans';
import type { User } from '@app/shared/user';

export interface NavItem {
  to: string;
  label: string;
}

/** docs/product.md#pages-and-navigation: the header links a visitor sees, in display order. */
export const visitorNavItems: readonly NavItem[] = [
  { to: '/reddit', label: 'Reddit' },
  { to: '/caption-generator', label: 'Caption Generator' },
];

/**
 * The checks the header and the route guards make about the user. The signed-in shell provides
 * the real ones (nav-links.ts, which needs the plans and roles); the visitors' layout keeps these
 * defaults, since nobody is signed in there (decision 033).
 */
export interface Access {
  navItems: (user: User | null) => readonly NavItem[];
  showsUpgrade: (user: User | null) => boolean;
  isAdmin: (user: User | null) => boolean;
  planGrants: (user: User, right: PlanRight) => boolean;
}

const visitorAccess: Access = {
  navItems: () => visitorNavItems,
  showsUpgrade: () => false,
  isAdmin: () => false,
  planGrants: () => false,
};

export const AccessContext = createContext<Access>(visitorAccess);

export function useAccess(): Access {
  return useContext(AccessContext);
}
