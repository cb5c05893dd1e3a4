import { useSyncExternalStore } from 'react';

export type ThemePreference = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

/** Also read by public/theme-init.js, which cannot import this module. */
export const themeStorageKey = 'creator-studio-theme';
const darkSchemeQuery = '(prefers-color-scheme: dark)';
const defaultPreference: ThemePreference = 'system';

const listeners = new Set<() => void>();

function isThemePreference(value: unknown): value is ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system';
}

function darkSchemeMedia(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(darkSchemeQuery) : null;
}

export function getThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(themeStorageKey);
    return isThemePreference(stored) ? stored : defaultPreference;
  } catch {
    return defaultPreference;
  }
}

export function resolveTheme(preference: ThemePreference): ResolvedTheme {
  if (preference !== 'system') return preference;
  return darkSchemeMedia()?.matches ? 'dark' : 'light';
}

export function applyTheme(preference: ThemePreference): void {
  const theme = resolveTheme(preference);
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}

export function setThemePreference(preference: ThemePreference): void {
  try {
    localStorage.setItem(themeStorageKey, preference);
  } catch {
    // Storage can be unavailable (private mode); the choice still applies to this page.
  }
  applyTheme(preference);
  listeners.forEach((listener) => listener());
}

/** The account theme this browser last took over, as "userId:theme". */
export const accountThemeStorageKey = 'creator-studio-account-theme';

/**
 * The theme saved to the account applies in every browser the user signs in to: when the account's
 * theme is new to this browser (a new browser, another user, or a change saved elsewhere) it becomes
 * this browser's choice. A later choice made here (the header toggle) stays until the account's changes.
 */
export function adoptAccountTheme(userId: string, accountTheme: ResolvedTheme): void {
  const marker = `${userId}:${accountTheme}`;
  try {
    if (localStorage.getItem(accountThemeStorageKey) === marker) return;
    localStorage.setItem(accountThemeStorageKey, marker);
  } catch {
    // Without storage the account's theme still applies to this page.
  }
  setThemePreference(accountTheme);
}

/** Calls onChange when the preference changes here or in another tab, or the OS scheme changes. */
function subscribeToThemeChanges(onChange: () => void): () => void {
  const media = darkSchemeMedia();
  const onStorage = (event: StorageEvent) => {
    if (event.key === themeStorageKey || event.key === null) onChange();
  };
  listeners.add(onChange);
  media?.addEventListener('change', onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    media?.removeEventListener('change', onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** Applies the saved preference now and keeps the page in step with it; returns the unsubscribe. */
export function startThemeSync(): () => void {
  const applyStoredPreference = () => applyTheme(getThemePreference());
  applyStoredPreference();
  return subscribeToThemeChanges(applyStoredPreference);
}

const getResolvedTheme = (): ResolvedTheme => resolveTheme(getThemePreference());

export function useTheme(): {
  preference: ThemePreference;
  resolvedTheme: ResolvedTheme;
  setPreference: (preference: ThemePreference) => void;
} {
  const preference = useSyncExternalStore(
    subscribeToThemeChanges,
    getThemePreference,
    () => defaultPreference,
  );
  const resolvedTheme = useSyncExternalStore(
    subscribeToThemeChanges,
    getResolvedTheme,
    () => 'light' as const,
  );
  return { preference, resolvedTheme, setPreference: setThemePreference };
}
