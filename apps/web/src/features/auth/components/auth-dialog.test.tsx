import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authTexts, validationMessages } from '@app/shared/messages';
import { currentUrl, renderApp } from '../../../testing/render-app';
import { callsOf, jsonResponse } from '../../../testing/fetch-stub';
import {
  findToast,
  resetAuthState,
  sentBodies,
  stubApi,
  stubLocationAssign,
} from '../../../testing/auth-api-stub';

afterEach(resetAuthState);

async function openForgotPassword() {
  const login = await screen.findByRole('dialog', { name: 'Welcome back' });
  await userEvent.click(within(login).getByRole('button', { name: 'Forgot password?' }));
  return screen.getByRole('dialog', { name: 'Reset your password' });
}

async function requestReset(dialog: HTMLElement, email: string) {
  // The form's code arrives with the click on "Forgot password?".
  const field = await within(dialog).findByLabelText('Email');
  if (email) await userEvent.type(field, email);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
}

describe('auth dialog', () => {
  it('switches between login and signup, keeping unrelated query parameters', async () => {
    stubApi({});
    const { router } = renderApp('/login?utm_source=reddit', { user: null });
    const login = await screen.findByRole('dialog', { name: 'Welcome back' });
    await userEvent.click(within(login).getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/signup?utm_source=reddit'));
    const signup = await screen.findByRole('dialog', { name: 'Create your account' });
    await userEvent.click(within(signup).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/login?utm_source=reddit'));
  });

  it('reaches forgot-password from login and comes back', async () => {
    stubApi({});
    renderApp('/login', { user: null });
    await openForgotPassword();
    expect(screen.queryByRole('button', { name: 'Forgot password?' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('dialog', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('offers no forgot-password link in signup', async () => {
    stubApi({});
    renderApp('/signup', { user: null });
    const dialog = await screen.findByRole('dialog', { name: 'Create your account' });
    expect(within(dialog).queryByRole('button', { name: 'Forgot password?' })).not.toBeInTheDocument();
  });

  it.each([
    ['the close button', () => userEvent.click(screen.getByRole('button', { name: 'Close' }))],
    ['Escape', () => userEvent.keyboard('{Escape}')],
  ])('goes to / when closed with %s', async (_how, close) => {
    stubApi({});
    const { router } = renderApp('/login', { user: null });
    await screen.findByRole('dialog');
    await close();
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('auth dialog: forgot password', () => {
  it('sends the reset mail, says so neutrally and returns to login with the e-mail cleared', async () => {
    const neutral = 'If an account exists for that email, a reset link is on its way.';
    const fetchMock = stubApi({ 'POST /api/auth/forgot-password': jsonResponse({ message: neutral }) });
    renderApp('/login', { user: null });
    await requestReset(await openForgotPassword(), ' velvet@example.com ');

    expect(await findToast(authTexts.resetEmailSent)).toHaveTextContent(neutral);
    expect(await screen.findByRole('dialog', { name: 'Welcome back' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/auth/forgot-password')).toEqual([
      { email: 'velvet@example.com' },
    ]);
    const again = await openForgotPassword();
    expect(within(again).getByLabelText('Email')).toHaveValue('');
  });

  it('asks for an e-mail before sending anything', async () => {
    const fetchMock = stubApi({});
    renderApp('/login', { user: null });
    const dialog = await openForgotPassword();
    await requestReset(dialog, '');
    expect(await findToast(validationMessages.validationErrorTitle)).toHaveTextContent(
      validationMessages.emailRequired,
    );
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(fetchMock, 'POST', '/api/auth/forgot-password')).toEqual([]);
  });

  it.each([
    [
      'the server message',
      () => jsonResponse({ message: 'Please wait a minute before asking again.' }, 429),
      'Please wait a minute before asking again.',
    ],
    ['the fallback on a server error', () => new Response('', { status: 500 }), authTexts.forgotFailed],
    [
      'the network text',
      () => Promise.reject(new TypeError('Failed to fetch')),
      authTexts.somethingWentWrong,
    ],
  ])('shows %s when it fails, staying in forgot-password', async (_case, answer, text) => {
    stubApi({ 'POST /api/auth/forgot-password': answer });
    renderApp('/login', { user: null });
    const dialog = await openForgotPassword();
    await requestReset(dialog, 'velvet@example.com');
    await findToast(text);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('dialog', { name: 'Reset your password' })).toBeInTheDocument();
  });
});

describe('auth dialog: social sign-in', () => {
  it('shows only the enabled providers and leaves for the provider after saving the intent', async () => {
    const assign = stubLocationAssign();
    stubApi({ 'GET /api/auth/providers': jsonResponse({ providers: ['google', 'reddit'] }) });
    renderApp('/signup', { user: null });
    const dialog = await screen.findByRole('dialog', { name: 'Create your account' });
    const reddit = await within(dialog).findByRole('button', { name: 'Continue with Reddit' });
    expect(within(dialog).getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Continue with Facebook' })).not.toBeInTheDocument();

    await userEvent.click(reddit);
    expect(assign).toHaveBeenCalledWith('/api/auth/reddit');
    expect(sessionStorage.getItem('oauthIntent')).toBe('signup');
    expect(sessionStorage.getItem('oauthReturnTo')).toBe('/dashboard');
    expect(within(dialog).getByRole('button', { name: 'Opening Reddit...' })).toBeDisabled();
  });

  it.each([
    ['none is enabled', () => jsonResponse({ providers: [] })],
    ['the lookup fails', () => jsonResponse({ message: 'Internal Server Error' }, 500)],
  ])('shows no social section when %s', async (_case, answer) => {
    const fetchMock = stubApi({ 'GET /api/auth/providers': answer });
    renderApp('/login', { user: null });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome back' });
    await waitFor(() => expect(callsOf(fetchMock).map((call) => call.path)).toContain('/api/auth/providers'));
    // Let the answer reach the query before checking that nothing was rendered for it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).queryByText('or continue with')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Continue with/ })).not.toBeInTheDocument();
  });
});
