import { act, render, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultUserSettings } from '@app/shared/settings';
import { freeUser } from '../testing/users';
import { createQueryClient, currentUserQueryKey } from './query-client';
import { jsonResponse, stubFetch } from '../testing/fetch-stub';
import { stubColorScheme } from '../testing/color-scheme-stub';
import { accountThemeStorageKey, getThemePreference, setThemePreference, themeStorageKey } from './theme';
import { AccountTheme } from './use-account-theme';

const root = document.documentElement;
let accountTheme: 'light' | 'dark' = 'dark';

function renderSignedIn(user: typeof freeUser | null) {
  stubFetch(({ path }) => {
    if (path === '/api/user/settings')
      return jsonResponse({ settings: { ...defaultUserSettings, theme: accountTheme } });
    throw new Error(`unexpected call to ${path}`);
  });
  const queryClient = createQueryClient({ onSessionLost: () => undefined });
  queryClient.setQueryData(currentUserQueryKey, user);
  render(
    <QueryClientProvider client={queryClient}>
      <AccountTheme />
    </QueryClientProvider>,
  );
  return queryClient;
}

beforeEach(() => {
  localStorage.clear();
  root.className = '';
  stubColorScheme(false);
  accountTheme = 'dark';
});

describe('the account theme', () => {
  it('applies in a new browser once the session is known', async () => {
    expect(getThemePreference()).toBe('system');
    renderSignedIn(freeUser);
    await waitFor(() => expect(root.classList.contains('dark')).toBe(true));
    expect(localStorage.getItem(themeStorageKey)).toBe('dark');
  });

  it('keeps a later choice made in this browser until the account’s theme changes', async () => {
    localStorage.setItem(accountThemeStorageKey, `${freeUser.id}:dark`);
    act(() => setThemePreference('light'));
    renderSignedIn(freeUser);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getThemePreference()).toBe('light');
    expect(root.classList.contains('dark')).toBe(false);
  });

  it('does nothing for a signed-out visitor', async () => {
    renderSignedIn(null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getThemePreference()).toBe('system');
    expect(root.classList.contains('dark')).toBe(false);
  });
});
