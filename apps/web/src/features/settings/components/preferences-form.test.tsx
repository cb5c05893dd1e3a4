import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultUserSettings, type UserSettings } from '@app/shared/settings';
import { AppProviders } from '../../../testing/providers';
import { freeUser } from '../../../testing/users';
import '../../../testing/dom-polyfills';
import { AnalyticsProvider } from '../../../lib/analytics/analytics-provider';
import { AnalyticsTracker } from '../../../lib/analytics/tracker';
import { createQueryClient, currentUserQueryKey } from '../../../lib/query-client';
import { callsOf, jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { useUserSettings } from '../api/get-user-settings';
import { PreferencesForm } from './preferences-form';

/** As on the settings page: the form edits what the settings query holds. */
function SavedPreferences() {
  const { data } = useUserSettings();
  return data ? <PreferencesForm saved={data} /> : null;
}

const trackers: AnalyticsTracker[] = [];
afterEach(() => {
  for (const tracker of trackers.splice(0)) tracker.disable();
});

function renderPreferences(initial: UserSettings = defaultUserSettings) {
  let saved = initial;
  const fetchMock = stubFetch(({ path, method, init }) => {
    if (path === '/api/csrf-token') return jsonResponse({ csrfToken: 'token' });
    if (path === '/api/user/settings' && method === 'GET') return jsonResponse({ settings: saved });
    if (path === '/api/user/settings' && method === 'PATCH') {
      saved = { ...saved, ...(JSON.parse(String(init.body)) as Partial<UserSettings>) };
      return jsonResponse({ settings: saved });
    }
    throw new Error(`unexpected call ${method} ${path}`);
  });
  const analyticsFetch = vi.fn(async () =>
    jsonResponse({ accepted: 1, duplicates: 0, rejected: 0, errors: [] }),
  );
  const tracker = new AnalyticsTracker({ fetch: analyticsFetch, getCsrfToken: async () => 'token' });
  trackers.push(tracker);
  const queryClient = createQueryClient({ onSessionLost: () => undefined });
  queryClient.setQueryData(currentUserQueryKey, freeUser);
  const router = createMemoryRouter([{ path: '/settings', element: <SavedPreferences /> }], {
    initialEntries: ['/settings'],
  });
  render(
    <AppProviders queryClient={queryClient}>
      <AnalyticsProvider router={router} tracker={tracker}>
        <RouterProvider router={router} />
      </AnalyticsProvider>
    </AppProviders>,
  );
  const patches = () =>
    callsOf(fetchMock)
      .filter((call) => call.method === 'PATCH')
      .map((call) => JSON.parse(String(call.init.body)) as unknown);
  return { tracker, patches };
}

describe('Usage analytics switch', () => {
  it('shows the saved choice and explains what is collected', async () => {
    renderPreferences({ ...defaultUserSettings, usageAnalytics: false });
    const toggle = await screen.findByRole('switch', { name: 'Usage analytics' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription(
      'Share which pages you visit, what you click and which features you use, so we can improve the app. Your IP address is never stored.',
    );
  });

  it("is saved with 'Save Settings' and turns the tracker off at once", async () => {
    const user = userEvent.setup();
    const { tracker, patches } = renderPreferences();
    // Signed in with usageAnalytics on: the tracker runs and has recorded this page.
    await waitFor(() => expect(tracker.isEnabled).toBe(true));
    await waitFor(() => expect(tracker.pending.map((event) => event.type)).toEqual(['page_view']));

    const toggle = screen.getByRole('switch', { name: 'Usage analytics' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    // Not saved yet: still tracking.
    expect(tracker.isEnabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(patches()).toEqual([{ usageAnalytics: false }]));
    await waitFor(() => expect(tracker.isEnabled).toBe(false));
    expect(tracker.pending).toEqual([]);
    expect(tracker.track('feature_usage', { feature: 'settings', action: 'save' })).toBeNull();

    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(patches()).toEqual([{ usageAnalytics: false }, { usageAnalytics: true }]));
    await waitFor(() => expect(tracker.isEnabled).toBe(true));
    await waitFor(() => expect(tracker.pending.map((event) => event.type)).toEqual(['page_view']));
  });
});

describe('Default platform', () => {
  it('offers every platform captions are written for, TikTok included, and saves the choice', async () => {
    const user = userEvent.setup();
    const { patches } = renderPreferences();
    const select = await screen.findByRole('combobox', { name: 'Default platform' });
    expect(Array.from((select as HTMLSelectElement).options, (option) => option.text)).toEqual([
      'Reddit',
      'Twitter',
      'Instagram',
      'TikTok',
    ]);
    await user.selectOptions(select, 'TikTok');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(patches()).toEqual([{ defaultPlatform: 'tiktok' }]));
    await waitFor(() => expect(select).toHaveValue('tiktok'));
  });
});
