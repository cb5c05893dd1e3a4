import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authTexts, httpMessages, validationMessages } from '@app/shared/messages';
import { currentUrl, renderApp } from '../../../testing/render-app';
import { getAccessToken } from '../../../lib/access-token';
import { jsonResponse } from '../../../testing/fetch-stub';
import {
  findToast,
  resetAuthState,
  sentBodies,
  stubApi,
  stubLocationAssign,
} from '../../../testing/auth-api-stub';

afterEach(resetAuthState);

const userId = '3f1c2b9e-8a4d-4c67-9e21-5b7a0d6c4e10';

async function openLogin(path = '/login') {
  const view = renderApp(path, { user: null });
  const dialog = await screen.findByRole('dialog', { name: 'Welcome back' });
  return { ...view, dialog };
}

async function logIn(dialog: HTMLElement, username: string, password: string) {
  if (username) await userEvent.type(within(dialog).getByLabelText('Username or email'), username);
  if (password) await userEvent.type(within(dialog).getByLabelText('Password'), password);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Log In' }));
}

describe('auth dialog: login', () => {
  it.each([
    ['', '', validationMessages.loginIdentifierRequired, 'Username or email'],
    ['bad name!', 'Secret123', validationMessages.loginIdentifierInvalid, 'Username or email'],
    ['velvetrose', '', validationMessages.passwordRequired, 'Password'],
    ['velvetrose', 'short', validationMessages.passwordTooShort, 'Password'],
    ['velvetrose', 'alllowercase1', validationMessages.passwordUppercase, 'Password'],
  ])(
    'refuses "%s" / "%s" with the first message in a Validation Error toast',
    async (username, password, message, label) => {
      const fetchMock = stubApi({});
      const { dialog } = await openLogin();
      await logIn(dialog, username, password);

      const toastItem = await findToast(validationMessages.validationErrorTitle);
      expect(toastItem).toHaveTextContent(message);
      const field = within(dialog).getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(message);
      expect(
        within(dialog)
          .getAllByRole('alert')
          .map((alert) => alert.textContent),
      ).toEqual([message]);
      expect(sentBodies(fetchMock, 'POST', '/api/auth/login')).toEqual([]);
    },
  );

  it('checks on submit only and puts the focus on the first field to fix', async () => {
    stubApi({});
    const { dialog } = await openLogin();
    const username = within(dialog).getByLabelText('Username or email');
    await userEvent.type(username, 'bad name!');
    // Typing flashes no error: the check runs when the form is sent.
    expect(username).not.toHaveAttribute('aria-invalid');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(username).toHaveFocus());
    expect(username).toHaveAccessibleDescription(validationMessages.loginIdentifierInvalid);
    await userEvent.type(username, 'x');
    expect(username).not.toHaveAttribute('aria-invalid');
  });

  it('shows and hides the password', async () => {
    stubApi({});
    const { dialog } = await openLogin();
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('stores the access token, says welcome back and reloads into the dashboard', async () => {
    const assign = stubLocationAssign();
    const fetchMock = stubApi({
      'POST /api/auth/login': jsonResponse({
        message: 'Welcome back!',
        accessToken: 'token-1',
        expiresAt: new Date(Date.now() + 900_000).toISOString(),
      }),
    });
    const { dialog } = await openLogin();
    await logIn(dialog, 'velvetrose', 'Secret123');

    await findToast(authTexts.welcomeBack);
    expect(assign).toHaveBeenCalledWith('/dashboard');
    expect(getAccessToken()).toBe('token-1');
    expect(sentBodies(fetchMock, 'POST', '/api/auth/login')).toEqual([
      { username: 'velvetrose', password: 'Secret123' },
    ]);
    expect(within(dialog).getByRole('button', { name: 'Logging in...' })).toBeDisabled();
  });

  it('sends a 202 answer to /change-password with the userId, closing the dialog', async () => {
    const assign = stubLocationAssign();
    stubApi({
      'POST /api/auth/login': jsonResponse(
        { message: 'Password change required', mustChangePassword: true, userId },
        202,
      ),
    });
    const { dialog, router } = await openLogin();
    await logIn(dialog, 'velvet@example.com', 'Temporary1');

    await waitFor(() => expect(currentUrl(router)).toBe(`/change-password?userId=${userId}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Change Password' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(getAccessToken()).toBeNull();
  });

  it('shows the Email not verified notice and resends the verification mail', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/login': jsonResponse(
        { message: 'Email not verified', code: 'EMAIL_NOT_VERIFIED', email: 'velvet@example.com' },
        403,
      ),
      'POST /api/auth/resend-verification': jsonResponse({
        message: 'If the account exists, a new link is on its way.',
      }),
    });
    const { dialog } = await openLogin();
    await logIn(dialog, 'velvetrose', 'Secret123');

    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent(authTexts.emailNotVerifiedTitle);
    expect(notice).toHaveTextContent(httpMessages.emailNotVerified);
    expect(await findToast(authTexts.emailNotVerifiedTitle)).toHaveTextContent(authTexts.resendVerification);

    await userEvent.click(within(notice).getByRole('button', { name: authTexts.resendVerification }));
    await findToast(authTexts.verificationEmailSent);
    expect(sentBodies(fetchMock, 'POST', '/api/auth/resend-verification')).toEqual([
      { email: 'velvet@example.com' },
    ]);
  });

  it('shows the friendly text for other refusals, in a toast and in the dialog', async () => {
    stubApi({
      'POST /api/auth/login': jsonResponse(
        { message: 'Invalid credentials', code: 'INVALID_CREDENTIALS' },
        401,
      ),
    });
    const { dialog } = await openLogin();
    await logIn(dialog, 'velvetrose', 'Wrong1234');

    expect(await findToast('Login failed')).toHaveTextContent(httpMessages.invalidCredentials);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(httpMessages.invalidCredentials);
    expect(within(dialog).getByRole('button', { name: 'Log In' })).toBeEnabled();
  });

  it('shows a rate-limit answer as the server words it', async () => {
    stubApi({
      'POST /api/auth/login': jsonResponse(
        { message: 'Too many attempts. Try again in 15 minutes.', code: 'RATE_LIMITED' },
        429,
      ),
    });
    const { dialog } = await openLogin();
    await logIn(dialog, 'velvetrose', 'Secret123');
    expect(await findToast('Login failed')).toHaveTextContent('Too many attempts. Try again in 15 minutes.');
  });
});
