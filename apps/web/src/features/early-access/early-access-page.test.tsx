import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyAccessTexts, upcomingFeatures, type EarlyAccessListResponse } from '@app/shared/early-access';
import { renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
import { callsOf, jsonResponse } from '../../testing/fetch-stub';
import { findToast, resetAuthState, stubApi } from '../../testing/auth-api-stub';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

function listWith(optedIn: string[]): EarlyAccessListResponse {
  return {
    features: upcomingFeatures.map(({ key, title, description }) => ({
      key,
      title,
      description,
      optedIn: optedIn.includes(key),
      optedInAt: optedIn.includes(key) ? '2026-11-24T10:00:00.000Z' : null,
    })),
  };
}

async function openPage() {
  renderApp('/phase4', { user: freeUser });
  await screen.findByRole('heading', { level: 1, name: earlyAccessTexts.pageTitle }, { timeout: 10_000 });
}

describe('Early-access page (/phase4)', { timeout: 30_000 }, () => {
  it('lists the upcoming features with the saved choices and joins one with a PUT and a toast', async () => {
    const fetchMock = stubApi({
      'GET /api/early-access': () => jsonResponse(listWith(['ai-image-captions'])),
      'PUT /api/early-access/tiktok-scheduling': () =>
        jsonResponse(listWith(['ai-image-captions', 'tiktok-scheduling'])),
    });
    await openPage();
    for (const feature of upcomingFeatures)
      expect(await screen.findByRole('heading', { name: feature.title })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Leave early access for AI captions from your images' }),
    ).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Join early access for TikTok scheduling' }));
    await findToast(earlyAccessTexts.optedIn('TikTok scheduling'));
    expect(
      await screen.findByRole('button', { name: 'Leave early access for TikTok scheduling' }),
    ).toHaveAttribute('aria-pressed', 'true');
    const put = callsOf(fetchMock).find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/early-access/tiktok-scheduling');
    expect(new Headers(put?.init.headers).get('x-csrf-token')).toBe('csrf-test');
  });

  it('leaves a list with a DELETE', async () => {
    const fetchMock = stubApi({
      'GET /api/early-access': () => jsonResponse(listWith(['multi-account-analytics'])),
      'DELETE /api/early-access/multi-account-analytics': () => jsonResponse(listWith([])),
    });
    await openPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Leave early access for Multi-account analytics' }),
    );
    await findToast(earlyAccessTexts.optedOut('Multi-account analytics'));
    expect(callsOf(fetchMock).some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('shows the server message when saving fails, and a retry when loading fails', async () => {
    let fail = true;
    stubApi({
      'GET /api/early-access': () =>
        fail ? jsonResponse({ message: 'Database unavailable' }, 503) : jsonResponse(listWith([])),
      'PUT /api/early-access/twitter-scheduling': () => jsonResponse({ message: 'Slow down, please.' }, 429),
    });
    await openPage();
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByText(earlyAccessTexts.loadFailed)).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Join early access for X (Twitter) scheduling' }),
    );
    const toast = await findToast(earlyAccessTexts.saveFailed);
    expect(toast).toHaveTextContent('Slow down, please.');
  });
});
