import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsOf, jsonResponse, stubFetch } from '../testing/fetch-stub';
import { currentUrl, renderApp } from '../testing/render-app';
import { freeUser } from '../testing/users';

describe('routes for signed-out visitors', () => {
  it('shows the landing with its six features, a call to action and the legal links on /', async () => {
    renderApp('/', { user: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: /create, protect and promote/i }),
    ).toBeInTheDocument();
    for (const title of [
      'AI Content Generation',
      'ImageShield Protection',
      'Platform Optimization',
      'Smart Scheduling',
      'Advanced Analytics',
      'Tax & Finance Tools',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: /get started/i })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  });

  it.each([
    ['/login', 'Welcome back'],
    ['/signup', 'Create your account'],
  ])('opens the auth dialog over the landing on %s', async (path, title) => {
    renderApp(path, { user: null });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleName(title);
  });

  it.each([
    ['/caption-generator', 'Caption Generator'],
    ['/imageshield', 'ImageShield'],
    ['/reddit', 'Reddit Posting'],
    ['/pro-perks', 'Pro Perks'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/forgot-password', 'Forgot Password'],
    ['/reset-password?token=abc', 'Reset Password'],
    // Without a token or a userId these pages explain the problem (docs/product.md#pages-and-navigation).
    ['/email-verification', 'Verification Failed'],
    ['/change-password', 'Invalid Request'],
    ['/change-password?userId=1', 'Change Password'],
  ])('lets visitors open %s', async (path, heading) => {
    const { router } = renderApp(path, { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(currentUrl(router)).toBe(path);
  });

  it.each([
    '/dashboard',
    '/gallery',
    '/leaks/trace',
    '/reddit/communities',
    '/history',
    '/settings',
    '/checkout',
    '/enterprise',
    '/tax-tracker',
    '/phase4',
    '/referral',
    '/admin',
    '/admin/leads',
    '/logout',
    '/no-such-page',
  ])('sends visitors from %s back to / (replacing the entry)', async (path) => {
    const { router } = renderApp(path, { user: null });
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(
      await screen.findByRole('heading', { level: 1, name: /create, protect and promote/i }),
    ).toBeInTheDocument();
  });

  it('shows a labelled full-screen spinner while the current user loads', async () => {
    stubFetch(() => new Promise<Response>(() => undefined));
    renderApp('/dashboard');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('treats a failed current-user request as signed out', async () => {
    stubFetch(() => new Response('Bad Gateway', { status: 502 }));
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
  });

  it('uses the user the API returns', async () => {
    const fetchMock = stubFetch(({ path }) =>
      path === '/api/auth/user' ? jsonResponse(freeUser) : jsonResponse({}, 404),
    );
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/dashboard');
    // The user is looked up once, before anything else; the dashboard's own cards load after it.
    const paths = callsOf(fetchMock).map((call) => call.path);
    expect(paths[0]).toBe('/api/auth/user');
    expect(paths.filter((path) => path === '/api/auth/user')).toHaveLength(1);
  });

  // Each row names the heading the page settles on: the verification page first shows a
  // "checking" heading, and a heading found then may be replaced before it is looked at.
  it.each([
    ['/forgot-password', 'Forgot Password'],
    ['/reset-password?token=abc', 'Reset Password'],
    ['/email-verification?token=abc', 'Email Verified'],
    ['/change-password?userId=1', 'Change Password'],
  ])('makes no current-user lookup on %s', async (path, heading) => {
    const fetchMock = stubFetch(({ path: called }) =>
      called.startsWith('/api/auth/verify-email')
        ? jsonResponse({ message: 'Email verified.' })
        : jsonResponse(freeUser),
    );
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    // The verification page calls verify-email itself; the user lookup is what must not happen.
    expect(callsOf(fetchMock).map((call) => call.path)).not.toContain('/api/auth/user');
    // Treated as signed out, and the header stays minimal: no account menu, no sign-in buttons.
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log In' })).not.toBeInTheDocument();
  });
});
