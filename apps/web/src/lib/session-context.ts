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

/**
 * The user the signed-in shell's cache already holds, also on the lookup-free pages where
 * SessionContext says null: /change-password sends such a user on when no change is due.
 */
export const CachedUserContext = createContext<User | null>(null);

export function useCachedUser(): User | null {
  return useContext(CachedUserContext);
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

/**
 * Reads the current user again (e.g. after linking a Reddit account). Only the signed-in shell has
 * a user query to refresh; for visitors there is nothing to refresh (decision 033).
 */
export const SessionRefreshContext = createContext<(() => void) | null>(null);
