import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { accountFlowTexts, authTexts } from '@app/shared/messages';
import { currentUrl, renderApp } from '../../testing/render-app';
import { freeUser, makeUser } from '../../testing/users';
import { getAccessToken } from '../../lib/access-token';
import { jsonResponse } from '../../testing/fetch-stub';
import {
  findToast,
  resetAuthState,
  sentBodies,
  stubApi,
  stubLocationAssign,
} from '../../testing/auth-api-stub';

afterEach(resetAuthState);

const userId = freeUser.id;
const path = `/change-password?userId=${userId}`;

async function submit(current: string, next: string, confirm: string) {
  await screen.findByRole('heading', { level: 1, name: 'Change Password' });
  if (current) await userEvent.type(screen.getByLabelText('Current password'), current);
  if (next) await userEvent.type(screen.getByLabelText('New password'), next);
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('/change-password', () => {
  it('shows Invalid Request with a Back Home button without a userId', async () => {
    renderApp('/change-password', { user: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: authTexts.invalidRequest }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: accountFlowTexts.backHome })).toHaveAttribute('href', '/');
  });

  it('sends a cached user without mustChangePassword to /dashboard', async () => {
    const { router } = renderApp(path, { user: freeUser });
    await waitFor(() => expect(currentUrl(router)).toBe('/dashboard'));
  });

  it('keeps a user who must change the password on the form', async () => {
    renderApp(path, { user: makeUser({ mustChangePassword: true }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Change Password' })).toBeInTheDocument();
  });

  it.each([
    [
      'Secret123',
      'Secret124',
      authTexts.passwordMismatchTitle,
      authTexts.passwordMismatchText,
      'Confirm new password',
    ],
    [
      'Short1',
      'Short1',
      authTexts.newPasswordTooShortTitle,
      authTexts.newPasswordTooShortText,
      'New password',
    ],
  ])('refuses %s / %s with "%s"', async (next, confirm, title, text, label) => {
    const fetchMock = stubApi({});
    renderApp(path, { user: null });
    await submit('Temporary1', next, confirm);
    expect(await findToast(title)).toHaveTextContent(text);
    expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(fetchMock, 'POST', '/api/auth/change-password')).toEqual([]);
  });

  it('signs in with the new password and loads the dashboard', async () => {
    const assign = stubLocationAssign();
    const fetchMock = stubApi({
      'POST /api/auth/change-password': jsonResponse({
        message: 'Password changed',
        accessToken: 'token-2',
        expiresAt: new Date(Date.now() + 900_000).toISOString(),
      }),
    });
    renderApp(path, { user: null });
    await submit('Temporary1', 'Secret123', 'Secret123');

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
    expect(getAccessToken()).toBe('token-2');
    expect(sentBodies(fetchMock, 'POST', '/api/auth/change-password')).toEqual([
      { userId, currentPassword: 'Temporary1', newPassword: 'Secret123' },
    ]);
  });

  it.each([
    [
      'the server message',
      () => jsonResponse({ message: 'Your current password is not correct.' }, 401),
      'Your current password is not correct.',
    ],
    ['a generic text', () => new Response('', { status: 500 }), accountFlowTexts.changePasswordFailed],
  ])('shows %s when the change fails', async (_case, answer, text) => {
    stubApi({ 'POST /api/auth/change-password': answer });
    renderApp(path, { user: null });
    await submit('Temporary1', 'Secret123', 'Secret123');
    await findToast(text);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeEnabled();
  });
});
