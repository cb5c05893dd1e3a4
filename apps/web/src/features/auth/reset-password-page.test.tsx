import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountFlowTexts, authTexts } from '@app/shared/messages';
import { currentUrl, renderApp } from '../../testing/render-app';
import { jsonResponse } from '../../testing/fetch-stub';
import { resetRedirectDelayMs } from './reset-password-page';
import { findToast, resetAuthState, sentBodies, stubApi } from '../../testing/auth-api-stub';

afterEach(() => {
  vi.useRealTimers();
  resetAuthState();
});

async function submit(password: string, confirm: string) {
  await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
  if (password) await userEvent.type(screen.getByLabelText('New password'), password);
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('/reset-password', () => {
  it('sends a link without token to /login with an invalid-link toast', async () => {
    stubApi({});
    const { router } = renderApp('/reset-password', { user: null });
    await waitFor(() => expect(currentUrl(router)).toBe('/login'));
    expect(await findToast(accountFlowTexts.invalidResetLinkTitle)).toHaveTextContent(
      accountFlowTexts.invalidResetLinkText,
    );
  });

  it('refuses passwords that do not match', async () => {
    const fetchMock = stubApi({});
    renderApp('/reset-password?token=tok-1', { user: null });
    await submit('Secret123', 'Secret124');
    await findToast(authTexts.passwordsDontMatch);
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(fetchMock, 'POST', '/api/auth/reset-password')).toEqual([]);
  });

  it('refuses a password shorter than 8 characters', async () => {
    const fetchMock = stubApi({});
    renderApp('/reset-password?token=tok-1', { user: null });
    await submit('Short1', 'Short1');
    expect(await findToast(authTexts.passwordTooShortTitle)).toHaveTextContent(
      authTexts.passwordTooShortText,
    );
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      expect.stringContaining(authTexts.passwordTooShortText),
    );
    expect(sentBodies(fetchMock, 'POST', '/api/auth/reset-password')).toEqual([]);
  });

  it('shows and hides the password', async () => {
    renderApp('/reset-password?token=tok-1', { user: null });
    const field = await screen.findByLabelText('New password');
    expect(field).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(field).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide new password' }));
    expect(field).toHaveAttribute('type', 'password');
  });

  it('shows the success screen, then goes to /login after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubApi({
      'POST /api/auth/reset-password': jsonResponse({ message: 'Password updated' }),
    });
    const { router } = renderApp('/reset-password?token=tok-1', { user: null });
    await submit('Secret123', 'Secret123');

    expect(
      await screen.findByRole('heading', { level: 1, name: accountFlowTexts.passwordResetDoneTitle }),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/auth/reset-password')).toEqual([
      { token: 'tok-1', newPassword: 'Secret123' },
    ]);
    await vi.advanceTimersByTimeAsync(resetRedirectDelayMs - 500);
    expect(currentUrl(router)).toBe('/reset-password?token=tok-1');
    await vi.advanceTimersByTimeAsync(500);
    await waitFor(() => expect(currentUrl(router)).toBe('/login'));
    expect(resetRedirectDelayMs).toBe(3000);
  });

  it.each([
    [
      'the server message',
      () =>
        jsonResponse(
          { message: 'This reset link has expired. Request a new one.', code: 'INVALID_TOKEN' },
          400,
        ),
      'This reset link has expired. Request a new one.',
    ],
    ['the fallback', () => new Response('', { status: 502 }), authTexts.resetFailed],
  ])('shows %s when the reset fails', async (_case, answer, text) => {
    stubApi({ 'POST /api/auth/reset-password': answer });
    renderApp('/reset-password?token=tok-1', { user: null });
    await submit('Secret123', 'Secret123');
    await findToast(text);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
  });
});
