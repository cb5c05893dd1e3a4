import { cleanup, screen, within } from '@testing-library/react';
import type { User } from '@app/shared/user';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { adminUser, freeUser, proUser, starterUser } from '../../testing/users';
import { stubApi } from '../../testing/auth-api-stub';
import { proPerks, proPerksTexts } from './pro-perks-page';

afterEach(() => vi.unstubAllGlobals());

async function openAs(user: User | null) {
  stubApi({});
  renderApp('/pro-perks', { user });
  await screen.findByRole('heading', { level: 1, name: proPerksTexts.title }, { timeout: 10_000 });
}

describe('Pro Perks page', { timeout: 30_000 }, () => {
  it('offers Free and Starter users the upgrade to the Pro checkout and no feature actions', async () => {
    for (const user of [freeUser, starterUser]) {
      await openAs(user);
      const upgrades = screen.getAllByRole('link', { name: proPerksTexts.upgrade });
      expect(upgrades.length).toBeGreaterThan(0);
      for (const link of upgrades) expect(link).toHaveAttribute('href', '/checkout?plan=pro');
      expect(screen.getByRole('status')).toHaveTextContent(user === freeUser ? 'Free plan' : 'Starter plan');
      expect(screen.queryByRole('link', { name: 'Manage API keys' })).not.toBeInTheDocument();
      expect(screen.getAllByText('Pro only')).toHaveLength(proPerks.length);
      cleanup();
    }
  });

  it('gives Pro users every perk wired to its feature and no upgrade', async () => {
    await openAs(proUser);
    expect(screen.getByRole('status')).toHaveTextContent(proPerksTexts.youArePro);
    expect(screen.queryByRole('link', { name: proPerksTexts.upgrade })).not.toBeInTheDocument();
    const expected: Record<string, string> = {
      'Write captions': '/caption-generator',
      'Open your gallery': '/gallery',
      'Schedule Reddit posts': '/reddit',
      'See your analytics': '/dashboard',
      'Manage API keys': '/settings#api',
      'Read the API docs': '/api/docs',
      'Open the referral program': '/referral',
      'Open the earnings calculator': '/calculator',
    };
    for (const [name, href] of Object.entries(expected))
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    const list = screen.getByRole('list', { name: '' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(proPerks.length);
  });

  it('treats admins as Pro and sends visitors to sign up', async () => {
    await openAs(adminUser);
    expect(screen.getByRole('status')).toHaveTextContent(proPerksTexts.youAreAdmin);
    cleanup();
    await openAs(null);
    expect(screen.getAllByRole('link', { name: 'Sign up free' })[0]).toHaveAttribute('href', '/signup');
    expect(screen.getAllByText(/\$24\.99 a month/).length).toBeGreaterThan(0);
  });
});
