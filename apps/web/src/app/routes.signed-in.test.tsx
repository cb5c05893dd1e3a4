import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shellTexts } from '@app/shared/messages';
import { currentUrl, renderApp } from '../testing/render-app';
import { adminUser, freeUser, makeUser, proUser, starterUser } from '../testing/users';

async function expectNotFound() {
  expect(
    await screen.findByRole('heading', { level: 1, name: shellTexts.notFoundTitle }),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: shellTexts.goHome })).toHaveAttribute('href', '/');
}

describe('routes for signed-in users', () => {
  it.each(['/', '/login', '/signup'])('sends a signed-in user from %s to /dashboard', async (path) => {
    const { router } = renderApp(path, { user: freeUser });
    await waitFor(() => expect(currentUrl(router)).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it.each([
    ['/dashboard', 'Dashboard'],
    ['/landing', /create, protect and promote/i],
    ['/caption-generator', 'Caption Generator'],
    ['/imageshield', 'ImageShield'],
    ['/phase4', 'Phase 4'],
    ['/enterprise', 'Enterprise Dashboard'],
    ['/reddit', 'Reddit Posting'],
    ['/reddit/communities', 'Reddit Communities'],
    ['/gallery', 'Media Gallery'],
    ['/leaks/trace', 'Trace a leak'],
    ['/tax-tracker', 'Tax Tracker'],
    ['/pro-perks', 'Pro Perks'],
    ['/history', 'Content History'],
    ['/settings', 'Settings'],
    ['/checkout', 'Checkout'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
  ])('opens %s for a free user', async (path, heading) => {
    const { router } = renderApp(path, { user: freeUser });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('shows the not-found page for unknown paths', async () => {
    const { router } = renderApp('/definitely/not/here', { user: freeUser });
    await expectNotFound();
    expect(router.state.location.pathname).toBe('/definitely/not/here');
  });

  it.each([freeUser, starterUser, adminUser])(
    'hides /referral from non-pro users (tier $tier)',
    async (user) => {
      renderApp('/referral', { user });
      await expectNotFound();
    },
  );

  it('opens /referral for pro users', async () => {
    renderApp('/referral', { user: proUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Referral Program' })).toBeInTheDocument();
  });

  it.each(['/admin', '/admin/leads'])('hides %s from non-admins, pro included', async (path) => {
    renderApp(path, { user: proUser });
    await expectNotFound();
  });

  it.each([
    [adminUser, '/admin', 'Admin Portal'],
    [adminUser, '/admin/leads', 'Leads'],
    [makeUser({ role: 'admin' }), '/admin', 'Admin Portal'],
  ])('opens admin pages for admins', async (user, path, heading) => {
    renderApp(path, { user });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('shows the checkout summary for the plan in the query', async () => {
    renderApp('/checkout?plan=pro', { user: freeUser });
    expect(await screen.findByRole('heading', { name: 'Pro plan' })).toBeInTheDocument();
    expect(screen.getByText('$24.99')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /back to settings/i })).toHaveAttribute('href', '/settings');
  });
});

describe('forced password change', () => {
  const user = makeUser({ mustChangePassword: true });

  it.each(['/dashboard', '/gallery', '/terms', '/', '/no-such-page'])(
    'sends the user from %s to /change-password',
    async (path) => {
      const { router } = renderApp(path, { user });
      await waitFor(() => expect(currentUrl(router)).toBe(`/change-password?userId=${user.id}`));
      expect(await screen.findByRole('heading', { level: 1, name: 'Change Password' })).toBeInTheDocument();
    },
  );
});
