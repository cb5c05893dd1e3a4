import { StrictMode } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountFlowTexts, authTexts, verificationFallbackMessage } from '@app/shared/messages';
import { renderApp } from '../../testing/render-app';
import { callsOf, jsonResponse } from '../../testing/fetch-stub';
import { resetAuthState, stubApi } from '../../testing/auth-api-stub';

afterEach(resetAuthState);

function expectFailureButtons() {
  expect(screen.getByRole('link', { name: 'Sign Up Again' })).toHaveAttribute('href', '/signup');
  expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
}

describe('/email-verification', () => {
  it('verifies the token, then offers the login with the e-mail filled in', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubApi({
      'GET /api/auth/verify-email': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/email-verification?token=abc%2B1', { user: null });

    expect(await screen.findByText(accountFlowTexts.verifyingEmail)).toHaveAttribute('role', 'status');
    // The text is drawn before the effect that asks the server runs: answer once it has asked.
    await vi.waitFor(() => expect(callsOf(fetchMock)).toHaveLength(1));
    answer(jsonResponse({ message: 'Email verified', email: 'velvet@example.com' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: authTexts.emailVerifiedToast }),
    ).toBeInTheDocument();
    expect(screen.getByText('velvet@example.com')).toBeInTheDocument();
    expect(callsOf(fetchMock).map((call) => call.path)).toEqual(['/api/auth/verify-email?token=abc%2B1']);

    await userEvent.click(screen.getByRole('link', { name: 'Go to Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome back' });
    expect(within(dialog).getByLabelText('Username or email')).toHaveValue('velvet@example.com');
  });

  it('sends a token once, even when Strict Mode mounts the page twice', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/verify-email': () =>
        jsonResponse({ message: 'Email verified', email: 'once@example.com' }),
    });
    renderApp('/email-verification?token=strict-1', {
      user: null,
      wrap: (router) => <StrictMode>{router}</StrictMode>,
    });
    expect(await screen.findByText('once@example.com')).toBeInTheDocument();
    expect(callsOf(fetchMock).map((call) => call.path)).toEqual(['/api/auth/verify-email?token=strict-1']);
  });

  it.each([
    ['expired_token', 'Verification link has expired. Please request a new one.'],
    ['invalid_token_type', 'Invalid verification link. Please request a new one.'],
    ['user_not_found', 'Account not found. Please sign up first.'],
    ['something_new', verificationFallbackMessage],
  ])('explains the server code %s', async (code, text) => {
    stubApi({
      'GET /api/auth/verify-email': () => jsonResponse({ message: 'Verification failed', code }, 400),
    });
    renderApp('/email-verification?token=abc', { user: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: accountFlowTexts.verificationFailedTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expectFailureButtons();
  });

  it('says when the network failed', async () => {
    stubApi({ 'GET /api/auth/verify-email': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderApp('/email-verification?token=abc', { user: null });
    expect(await screen.findByRole('alert')).toHaveTextContent(authTexts.verificationNetworkError);
    expectFailureButtons();
  });

  it('says when no token came with the link, without calling the server', async () => {
    const fetchMock = stubApi({});
    renderApp('/email-verification', { user: null });
    expect(await screen.findByRole('alert')).toHaveTextContent(authTexts.noVerificationToken);
    expectFailureButtons();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows success for ?verified=true without calling the server', async () => {
    const fetchMock = stubApi({});
    renderApp('/email-verification?verified=true&email=velvet%40example.com', { user: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: authTexts.emailVerifiedToast }),
    ).toBeInTheDocument();
    expect(screen.getByText('velvet@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the failure for ?error=<code> without calling the server', async () => {
    const fetchMock = stubApi({});
    renderApp('/email-verification?error=missing_token', { user: null });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Verification link is invalid. Please request a new one.',
    );
    expectFailureButtons();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
