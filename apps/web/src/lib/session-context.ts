import { createContext, useContext } from 'react';
import type { User } from '@app/shared/user';
import { trimEndChars } from '@app/shared/trim-chars';

/**
 * The user the shell resolved for this page: null when signed out, and also on the account
 * pages where the current-user lookup is skipped (docs/product.md#pages-and-navigation).
 */
export const SessionContext = createContext<User | null>(null);

export function useSessionUser(): User | null {
  return useContext(SessionContext);
}

/** docs/product.md#pages-and-navigation: no current-user lookup is made on these pages; they count as signed out. */
export const lookupFreePaths: ReadonlySet<string> = new Set([
  '/forgot-password',
  '/reset-password',
  '/email-verification',
  '/change-password',
]);

export function isLookupFreePath(pathname: string): boolean {
  return lookupFreePaths.has(trimEndChars(pathname, '/') || '/');
}
