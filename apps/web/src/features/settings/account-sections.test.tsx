import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountErrorCodes, accountMessages, type Profile } from '@app/shared/account';
import { defaultUserSettings } from '@app/shared/settings';
import { currentUrl, renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
import { jsonResponse, type FetchCall } from '../../testing/fetch-stub';
import { findToast, resetAuthState, sentBodies, stubLocationAssign } from '../../testing/auth-api-stub';
import { noSubscription, stubBillingApi } from '../../testing/billing-api-stub';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

const profile: Profile = {
  username: freeUser.username,
  email: freeUser.email,
  displayName: 'Luna',
  bio: null,
  pendingEmail: null,
  hasPassword: true,
};

function stubAccountApi(
  answers: Record<string, Response | ((call: FetchCall) => Response)> = {},
  overrides: Partial<Profile> = {},
) {
  return stubBillingApi({
    'GET /api/user/settings': jsonResponse({ settings: defaultUserSettings }),
    'GET /api/subscription': jsonResponse(noSubscription),
    'GET /api/user/profile': jsonResponse({ profile: { ...profile, ...overrides } }),
    ...answers,
  });
}

describe('settings: profile', () => {
  it('saves display name and bio, and asks for the password when the e-mail changes', async () => {
    const fetchMock = stubAccountApi({
      'PATCH /api/user/profile': jsonResponse({
        profile: {
          ...profile,
          displayName: 'Luna Rose',
          bio: 'Golden hour fan',
          pendingEmail: 'new@example.com',
        },
        message: accountMessages.emailChangeSent('new@example.com'),
      }),
    });
    renderApp('/settings', { user: freeUser });
    const form = await screen.findByRole('form', { name: 'Profile' });
    expect(within(form).getByLabelText('Display name')).toHaveValue('Luna');
    expect(within(form).queryByLabelText(/Current password/)).not.toBeInTheDocument();

    await userEvent.clear(within(form).getByLabelText('Display name'));
    await userEvent.type(within(form).getByLabelText('Display name'), 'Luna Rose');
    await userEvent.type(within(form).getByLabelText('Bio'), 'Golden hour fan');
    await userEvent.clear(within(form).getByLabelText('Email'));
    await userEvent.type(within(form).getByLabelText('Email'), 'new@example.com');
    await userEvent.type(within(form).getByLabelText(/Current password/, { selector: 'input' }), 'Secret123');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Profile' }));

    expect(await findToast(accountMessages.profileSaved)).toHaveTextContent(
      accountMessages.emailChangeSent('new@example.com'),
    );
    expect(sentBodies(fetchMock, 'PATCH', '/api/user/profile')).toEqual([
      {
        displayName: 'Luna Rose',
        bio: 'Golden hour fan',
        email: 'new@example.com',
        currentPassword: 'Secret123',
      },
    ]);
    expect(await within(form).findByText(/confirmation link sent to new@example.com/)).toBeInTheDocument();
    // The address stays the confirmed one until the link is opened.
    expect(within(form).getByLabelText('Email')).toHaveValue(freeUser.email);
  });

  it("shows the server's reason when the password is wrong", async () => {
    stubAccountApi({
      'PATCH /api/user/profile': jsonResponse(
        { message: accountMessages.wrongPassword, code: accountErrorCodes.wrongPassword },
        403,
      ),
    });
    renderApp('/settings', { user: freeUser });
    const form = await screen.findByRole('form', { name: 'Profile' });
    await userEvent.clear(within(form).getByLabelText('Email'));
    await userEvent.type(within(form).getByLabelText('Email'), 'new@example.com');
    await userEvent.type(within(form).getByLabelText(/Current password/, { selector: 'input' }), 'Nope1234');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Profile' }));
    expect(await findToast('Profile not saved')).toHaveTextContent(accountMessages.wrongPassword);
  });

  it('tells the outcome of the e-mail change link and cleans the address', async () => {
    stubAccountApi();
    const { router } = renderApp('/settings?emailChange=expired', { user: freeUser });
    expect(await findToast('Email not changed')).toHaveTextContent(accountMessages.emailChangeLinkExpired);
    await waitFor(() => expect(currentUrl(router)).toBe('/settings'));
  });
});

describe('settings: data export and account deletion', () => {
  it('downloads the export as a JSON file', async () => {
    const createObjectURL = vi.fn((blob: Blob) =>
      blob.type === 'application/json' ? 'blob:export' : 'blob:other',
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    stubAccountApi({
      'GET /api/user/export': jsonResponse({ version: 1, exportedAt: '2027-01-01T00:00:00.000Z' }),
    });
    renderApp('/settings', { user: freeUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Export my data' }));
    expect(await findToast('Export downloaded')).toHaveTextContent(
      `creator-studio-export-${freeUser.username}-`,
    );
    expect(createObjectURL).toHaveBeenCalledOnce();
    expect(click).toHaveBeenCalledOnce();
  });

  it('deletes the account only after the word and the password, then leaves for the landing page', async () => {
    const assign = stubLocationAssign();
    const fetchMock = stubAccountApi({
      'DELETE /api/user/account': jsonResponse({ message: accountMessages.accountDeleted, redirectTo: '/' }),
    });
    renderApp('/settings', { user: freeUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Your password', { selector: 'input' }), 'Secret123');
    await userEvent.click(confirm);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(sentBodies(fetchMock, 'DELETE', '/api/user/account')).toEqual([
      { confirmation: 'delete', password: 'Secret123' },
    ]);
  });

  it('keeps the dialog open with the reason when nothing could be deleted', async () => {
    stubAccountApi({
      'DELETE /api/user/account': jsonResponse(
        { message: accountMessages.paymentCancelFailed, code: accountErrorCodes.paymentCancelFailed },
        502,
      ),
    });
    renderApp('/settings', { user: freeUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.type(within(dialog).getByLabelText('Your password', { selector: 'input' }), 'Secret123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(accountMessages.paymentCancelFailed);
  });

  it('asks a social sign-in account for the word only, and offers it no password change', async () => {
    const fetchMock = stubAccountApi(
      {
        'DELETE /api/user/account': jsonResponse({
          message: accountMessages.accountDeleted,
          redirectTo: '/',
        }),
      },
      { hasPassword: false },
    );
    stubLocationAssign();
    renderApp('/settings', { user: freeUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).queryByLabelText('Your password', { selector: 'input' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Change password' })).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'DELETE', '/api/user/account')).toEqual([{ confirmation: 'DELETE' }]),
    );
  });
});
