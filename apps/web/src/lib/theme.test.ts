import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import themeInitSource from '../../public/theme-init.js?raw';
import { stubColorScheme } from '../testing/color-scheme-stub';
import {
  applyTheme,
  getThemePreference,
  resolveTheme,
  setThemePreference,
  startThemeSync,
  themeStorageKey,
  useTheme,
} from './theme';

const root = document.documentElement;

function expectAppliedTheme(theme: 'light' | 'dark') {
  expect(root.classList.contains('dark')).toBe(theme === 'dark');
  expect(root.dataset.theme).toBe(theme);
  expect(root.style.colorScheme).toBe(theme);
}

function dispatchStorageChange(newValue: string) {
  localStorage.setItem(themeStorageKey, newValue);
  window.dispatchEvent(new StorageEvent('storage', { key: themeStorageKey, newValue }));
}

beforeEach(() => {
  root.className = '';
  root.removeAttribute('data-theme');
  root.style.colorScheme = '';
});

describe('theme preference', () => {
  it('defaults to system and ignores unknown stored values', () => {
    expect(getThemePreference()).toBe('system');
    localStorage.setItem(themeStorageKey, 'sepia');
    expect(getThemePreference()).toBe('system');
  });

  it('persists the chosen preference under creator-studio-theme and applies it', () => {
    stubColorScheme(false);
    setThemePreference('dark');
    expect(localStorage.getItem('creator-studio-theme')).toBe('dark');
    expect(getThemePreference()).toBe('dark');
    expectAppliedTheme('dark');
    setThemePreference('light');
    expect(getThemePreference()).toBe('light');
    expectAppliedTheme('light');
  });

  it('resolves system from the OS colour scheme', () => {
    const scheme = stubColorScheme(true);
    expect(resolveTheme('system')).toBe('dark');
    scheme.setDark(false);
    expect(resolveTheme('system')).toBe('light');
    expect(resolveTheme('dark')).toBe('dark');
  });

  it('applyTheme removes the dark class again for light', () => {
    stubColorScheme(false);
    applyTheme('dark');
    applyTheme('light');
    expectAppliedTheme('light');
  });
});

describe('startThemeSync', () => {
  it('applies a saved choice at startup, whatever the OS says', () => {
    stubColorScheme(false);
    localStorage.setItem(themeStorageKey, 'dark');
    const stop = startThemeSync();
    expectAppliedTheme('dark');
    stop();
  });

  it('applies the system scheme at startup when nothing is saved', () => {
    stubColorScheme(true);
    const stop = startThemeSync();
    expectAppliedTheme('dark');
    stop();
  });

  it('follows OS changes live while the preference is system, and not otherwise', () => {
    const scheme = stubColorScheme(false);
    const stop = startThemeSync();
    scheme.setDark(true);
    expectAppliedTheme('dark');
    scheme.setDark(false);
    expectAppliedTheme('light');

    setThemePreference('light');
    scheme.setDark(true);
    expectAppliedTheme('light');
    stop();
  });

  it('follows a preference changed in another tab', () => {
    stubColorScheme(false);
    const stop = startThemeSync();
    dispatchStorageChange('dark');
    expectAppliedTheme('dark');
    stop();
  });

  it('stops listening after unsubscribe', () => {
    const scheme = stubColorScheme(false);
    const stop = startThemeSync();
    stop();
    expect(scheme.listenerCount()).toBe(0);
    scheme.setDark(true);
    expectAppliedTheme('light');
  });
});

describe('theme-init.js (runs before first paint)', () => {
  const runThemeInit = () => new Function(themeInitSource)();

  it('applies a saved choice', () => {
    stubColorScheme(true);
    localStorage.setItem(themeStorageKey, 'light');
    runThemeInit();
    expectAppliedTheme('light');
  });

  it('applies the system scheme when nothing valid is saved', () => {
    stubColorScheme(true);
    localStorage.setItem(themeStorageKey, 'system');
    runThemeInit();
    expectAppliedTheme('dark');
  });
});

describe('useTheme', () => {
  it('updates every component together when one sets the preference', () => {
    stubColorScheme(false);
    const first = renderHook(() => useTheme());
    const second = renderHook(() => useTheme());
    expect(first.result.current).toMatchObject({ preference: 'system', resolvedTheme: 'light' });

    act(() => first.result.current.setPreference('dark'));

    expect(first.result.current).toMatchObject({ preference: 'dark', resolvedTheme: 'dark' });
    expect(second.result.current).toMatchObject({ preference: 'dark', resolvedTheme: 'dark' });
    expectAppliedTheme('dark');
  });

  it('reacts to OS changes while on system', () => {
    const scheme = stubColorScheme(false);
    const { result } = renderHook(() => useTheme());
    act(() => scheme.setDark(true));
    expect(result.current).toMatchObject({ preference: 'system', resolvedTheme: 'dark' });
  });

  it('reacts to a change made in another tab', () => {
    stubColorScheme(false);
    const { result } = renderHook(() => useTheme());
    act(() => dispatchStorageChange('dark'));
    expect(result.current).toMatchObject({ preference: 'dark', resolvedTheme: 'dark' });
  });
});
