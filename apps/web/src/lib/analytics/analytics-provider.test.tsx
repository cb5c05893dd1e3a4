import { act, render, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultUserSettings } from '@app/shared/settings';
import { AppProviders } from '../../testing/providers';
import { freeUser } from '../../testing/users';
import '../../testing/dom-polyfills';
import { createQueryClient, currentUserQueryKey } from '../query-client';
import { jsonResponse, stubFetch } from '../../testing/fetch-stub';
import { AnalyticsProvider } from './analytics-provider';
import { AnalyticsTracker } from './tracker';
import { useAnalytics } from './use-analytics';

const trackers: AnalyticsTracker[] = [];
afterEach(() => {
  for (const tracker of trackers.splice(0)) tracker.disable();
});

function Page() {
  const analytics = useAnalytics();
  return (
    <button
      type="button"
      onClick={() => analytics.track('feature_usage', { feature: 'test', action: 'press' })}
    >
      Press
    </button>
  );
}

function renderWithTracker(
  user: typeof freeUser | null | undefined,
  settingsAnswer?: () => Promise<Response>,
) {
  stubFetch(({ path }) => {
    if (path === '/api/user/settings' && settingsAnswer) return settingsAnswer();
    throw new Error(`unexpected call to ${path}`);
  });
  const tracker = new AnalyticsTracker({ fetch: vi.fn(), getCsrfToken: async () => 'token' });
  trackers.push(tracker);
  const queryClient = createQueryClient({ onSessionLost: () => undefined });
  if (user !== undefined) queryClient.setQueryData(currentUserQueryKey, user);
  const router = createMemoryRouter(
    [
      { path: '/', element: <Page /> },
      { path: '/gallery', element: <Page /> },
    ],
    { initialEntries: ['/'] },
  );
  const view = render(
    <AppProviders queryClient={queryClient}>
      <AnalyticsProvider router={router} tracker={tracker}>
        <RouterProvider router={router} />
      </AnalyticsProvider>
    </AppProviders>,
  );
  const pages = () => tracker.pending.map((event) => `${event.type} ${event.page}`);
  return { tracker, router, queryClient, view, pages };
}

describe('AnalyticsProvider', () => {
  it('tracks a signed-out visitor: page_view on every route change, page_end for the page left', async () => {
    const { tracker, router, pages } = renderWithTracker(null);
    await waitFor(() => expect(pages()).toEqual(['page_view /']));
    expect(tracker.isEnabled).toBe(true);
    await act(() => router.navigate('/gallery'));
    expect(pages()).toEqual(['page_view /', 'page_end /', 'page_view /gallery']);
    expect(tracker.pending[1]?.data).toMatchObject({ path: '/', exitPage: false });
  });

  it('gives features the running tracker through useAnalytics', async () => {
    const { view, pages } = renderWithTracker(null);
    await waitFor(() => expect(pages()).toEqual(['page_view /']));
    act(() => view.getByRole('button', { name: 'Press' }).click());
    expect(pages()).toEqual(['page_view /', 'feature_usage /']);
  });

  it("holds events until a signed-in user's setting is known, then drops them when it is off", async () => {
    let answer: (response: Response) => void = () => undefined;
    const { tracker, pages } = renderWithTracker(
      freeUser,
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    await waitFor(() => expect(pages()).toEqual(['page_view /']));
    expect(tracker.isEnabled).toBe(true);
    answer(jsonResponse({ settings: { ...defaultUserSettings, usageAnalytics: false } }));
    await waitFor(() => expect(tracker.isEnabled).toBe(false));
    expect(tracker.pending).toEqual([]);
  });

  it('turns on for a signed-in user whose setting is on, and off when the saved setting changes', async () => {
    const { tracker, queryClient, pages } = renderWithTracker(freeUser, async () =>
      jsonResponse({ settings: defaultUserSettings }),
    );
    await waitFor(() => expect(pages()).toEqual(['page_view /']));
    await waitFor(() =>
      expect(queryClient.getQueryData(['/api/user/settings'])).toEqual(defaultUserSettings),
    );
    expect(tracker.isEnabled).toBe(true);
    act(() =>
      queryClient.setQueryData(['/api/user/settings'], { ...defaultUserSettings, usageAnalytics: false }),
    );
    await waitFor(() => expect(tracker.isEnabled).toBe(false));
  });
});
