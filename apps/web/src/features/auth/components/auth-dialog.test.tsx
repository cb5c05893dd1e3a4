import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp } from '../../../app/testing/render-app';

describe('auth dialog', () => {
  it('switches between login and signup, keeping the query string', async () => {
    const { router } = renderApp('/login?ref=ROSE42', { user: null });
    const login = await screen.findByRole('dialog', { name: 'Welcome back' });
    await userEvent.click(within(login).getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/signup?ref=ROSE42'));
    const signup = await screen.findByRole('dialog', { name: 'Create your account' });
    await userEvent.click(within(signup).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/login?ref=ROSE42'));
  });

  it('reaches forgot-password from login and comes back', async () => {
    renderApp('/login', { user: null });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome back' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('dialog', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Forgot password?' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('dialog', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('offers no forgot-password link in signup', async () => {
    renderApp('/signup', { user: null });
    const dialog = await screen.findByRole('dialog', { name: 'Create your account' });
    expect(within(dialog).queryByRole('button', { name: 'Forgot password?' })).not.toBeInTheDocument();
  });

  it.each([
    ['the close button', () => userEvent.click(screen.getByRole('button', { name: 'Close' }))],
    ['Escape', () => userEvent.keyboard('{Escape}')],
  ])('goes to / when closed with %s', async (_how, close) => {
    const { router } = renderApp('/login', { user: null });
    await screen.findByRole('dialog');
    await close();
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
