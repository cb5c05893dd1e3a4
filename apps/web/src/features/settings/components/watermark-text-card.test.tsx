import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  defaultUserSettings,
  updateUserSettingsSchema,
  watermarkTextErrors,
  watermarkTextTexts as texts,
  type UserSettings,
} from '@app/shared/settings';
import { makeUser } from '@app/shared/user-fixtures';
import type { User } from '@app/shared/user';
import { AppProviders } from '../../../testing/providers';
import '../../../testing/dom-polyfills';
import { findToast, resetAuthState } from '../../../testing/auth-api-stub';
import { callsOf, jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { createQueryClient } from '../../../lib/query-client';
import { settingsTexts } from '../settings-texts';
import { WatermarkTextCard } from './watermark-text-card';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

/** The card against an in-memory /api/user/settings that validates a PATCH with the API's schema. */
function renderCard(user: User, saved: UserSettings = defaultUserSettings, refusal?: string) {
  let stored = saved;
  const fetchMock = stubFetch(({ path, method, init }) => {
    if (path === '/api/csrf-token') return jsonResponse({ csrfToken: 'token' });
    if (path === '/api/user/settings' && method === 'GET') return jsonResponse({ settings: stored });
    if (path === '/api/user/settings' && method === 'PATCH') {
      if (refusal) return jsonResponse({ message: refusal }, 400);
      stored = { ...stored, ...updateUserSettingsSchema.parse(JSON.parse(String(init.body))) };
      return jsonResponse({ settings: stored });
    }
    throw new Error(`unexpected call ${method} ${path}`);
  });
  render(
    <AppProviders queryClient={createQueryClient({ onSessionLost: () => undefined })}>
      <WatermarkTextCard user={user} />
    </AppProviders>,
  );
  const patches = () =>
    callsOf(fetchMock)
      .filter((call) => call.method === 'PATCH')
      .map((call) => JSON.parse(String(call.init.body)) as unknown);
  return { patches };
}

describe('Watermark text card', () => {
  it('previews and saves a paid plan’s text trimmed, with a toast', async () => {
    const { patches } = renderCard(makeUser({ username: 'sunny', tier: 'pro' }));
    const field = await screen.findByLabelText(texts.label);
    expect(field).toHaveAccessibleDescription(texts.help);
    expect(screen.getByTestId('watermark-preview')).toHaveTextContent('© sunny');
    await userEvent.type(field, '  @sunny.photos ');
    expect(screen.getByTestId('watermark-preview')).toHaveTextContent('@sunny.photos');
    await userEvent.click(screen.getByRole('button', { name: texts.save }));
    await findToast(settingsTexts.saved);
    expect(patches()).toEqual([{ watermarkText: '@sunny.photos' }]);
  });

  it('shows a refusal at the field, checked before sending and from the server', async () => {
    const { patches } = renderCard(
      makeUser({ tier: 'starter' }),
      defaultUserSettings,
      'Refused by the server.',
    );
    const field = await screen.findByLabelText(texts.label);
    await userEvent.type(field, 'onlyfans.com/sunny');
    await userEvent.click(screen.getByRole('button', { name: texts.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(watermarkTextErrors.link);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(patches()).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, 'Sunny');
    await userEvent.click(screen.getByRole('button', { name: texts.save }));
    expect(
      await screen.findByText('Refused by the server.', { selector: `#${field.id}-error` }),
    ).toBeVisible();
  });

  it('is locked on Free with why and an upgrade link, showing the username mark', async () => {
    renderCard(makeUser({ username: 'sunny', tier: 'free' }), {
      ...defaultUserSettings,
      watermarkText: 'Old text',
    });
    expect(await screen.findByLabelText(texts.label)).toBeDisabled();
    expect(screen.getByRole('note')).toHaveTextContent(texts.freeLocked);
    expect(screen.getByRole('link', { name: texts.upgradeLink })).toHaveAttribute('href', '#subscription');
    expect(screen.getByTestId('watermark-preview')).toHaveTextContent('© sunny');
    expect(screen.queryByRole('button', { name: texts.save })).toBeNull();
  });
});
