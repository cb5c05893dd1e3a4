import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountFlowTexts, authTexts } from '@app/shared/messages';
import { defaultUserSettings } from '@app/shared/settings';
import { renderApp } from '../../../testing/render-app';
import { freeUser } from '../../../testing/users';
import { jsonResponse } from '../../../testing/fetch-stub';
import { findToast, resetAuthState, sentBodies } from '../../../testing/auth-api-stub';
import { noSubscription, stubBillingApi } from '../../../testing/billing-api-stub';
import { securityTexts } from './security-card';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

function stubApi(changeAnswer: () => Response) {
  return stubBillingApi({
    'GET /api/user/settings': jsonResponse({ settings: defaultUserSettings }),
    'GET /api/subscription': jsonResponse(noSubscription),
    'POST /api/auth/change-password': changeAnswer,
    'GET /api/user/profile': jsonResponse({
      profile: {
        username: freeUser.username,
        email: freeUser.email,
        displayName: null,
        bio: null,
        pendingEmail: null,
        hasPassword: true,
      },
    }),
  });
}

async function openForm() {
  renderApp('/settings', { user: freeUser });
  return screen.findByRole('form', { name: 'Change password' });
}

async function fill(form: HTMLElement, current: string, next: string, confirm: string) {
  if (current) await userEvent.type(within(form).getByLabelText('Current password'), current);
  if (next) await userEvent.type(within(form).getByLabelText('New password'), next);
  if (confirm) await userEvent.type(within(form).getByLabelText('Confirm new password'), confirm);
  await userEvent.click(within(form).getByRole('button', { name: 'Change Password' }));
}

describe('settings: privacy and security', () => {
  it('changes the password with the current one, says other devices were signed out, and clears the fields', async () => {
    const fetchMock = stubApi(() =>
      jsonResponse({
        message: 'Password changed',
        accessToken: 'token-after-change',
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
        user: freeUser,
      }),
    );
    const form = await openForm();
    await fill(form, 'Old-pass1', 'New-pass22', 'New-pass22');
    expect(await findToast(accountFlowTexts.passwordChangedTitle)).toHaveTextContent(
      securityTexts.changedText,
    );
    expect(sentBodies(fetchMock, 'POST', '/api/auth/change-password')).toEqual([
      { userId: freeUser.id, currentPassword: 'Old-pass1', newPassword: 'New-pass22' },
    ]);
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
  });

  it.each([
    [
      'Old-pass1',
      'New-pass22',
      'New-pass23',
      authTexts.passwordMismatchTitle,
      authTexts.passwordMismatchText,
    ],
    ['Old-pass1', 'Short1', 'Short1', authTexts.newPasswordTooShortTitle, authTexts.newPasswordTooShortText],
  ])('checks the spec 5 rules before sending (%s → %s / %s)', async (current, next, confirm, title, text) => {
    const fetchMock = stubApi(() => jsonResponse({}, 500));
    const form = await openForm();
    await fill(form, current, next, confirm);
    expect(await findToast(title)).toHaveTextContent(text);
    expect(sentBodies(fetchMock, 'POST', '/api/auth/change-password')).toEqual([]);
  });

  it("shows the server's reason when the current password is wrong", async () => {
    stubApi(() => jsonResponse({ message: 'Your current password is not correct.' }, 401));
    const form = await openForm();
    await fill(form, 'Wrong-pass1', 'New-pass22', 'New-pass22');
    expect(await findToast('Your current password is not correct.')).toBeInTheDocument();
    expect(within(form).getByLabelText('New password')).toHaveValue('New-pass22');
  });
});
