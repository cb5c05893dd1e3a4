import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { shellTexts } from '@app/shared/messages';
import type { User } from '@app/shared/user';
import { jsonResponse, stubFetch } from '../../testing/fetch-stub';
import { ReplayTutorialContext } from '../../lib/replay-tutorial-context';
import { currentUrl, renderApp } from '../../testing/render-app';
import { adminUser, freeUser, makeUser, proUser, starterUser } from '../../testing/users';

async function mainNavLinks(path: string, user: User | null) {
  renderApp(path, { user });
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('navigation header', () => {
  it('shows visitors the public links and the sign-in buttons', async () => {
    expect(await mainNavLinks('/reddit', null)).toEqual([
      ['Reddit', '/reddit'],
      ['Caption Generator', '/caption-generator'],
    ]);
    expect(screen.getByRole('link', { name: /creator studio/i })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: shellTexts.upgradeToPro })).not.toBeInTheDocument();
  });

  it.each([
    ['/login', 'Log In', 'Welcome back'],
    ['/signup', 'Sign Up', 'Create your account'],
  ])('opens the auth dialog on %s from the header', async (path, button, title) => {
    const { router } = renderApp('/reddit', { user: null });
    await userEvent.click(await screen.findByRole('button', { name: button }));
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
    expect(currentUrl(router)).toBe(path);
  });

  it('shows free and starter users their links and the upgrade button', async () => {
    for (const user of [freeUser, starterUser]) {
      expect(await mainNavLinks('/dashboard', user)).toEqual([
        ['Dashboard', '/dashboard'],
        ['Reddit', '/reddit'],
        ['Caption Generator', '/caption-generator'],
        ['History', '/history'],
        ['Settings', '/settings'],
      ]);
      expect(screen.getByRole('link', { name: /creator studio/i })).toHaveAttribute('href', '/dashboard');
      expect(screen.getByRole('button', { name: shellTexts.upgradeToPro })).toBeInTheDocument();
      cleanup();
    }
  });

  it('adds Referral for pro users and drops the upgrade button', async () => {
    expect(await mainNavLinks('/dashboard', proUser)).toContainEqual(['Referral', '/referral']);
    expect(screen.queryByRole('link', { name: shellTexts.adminPortal })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: shellTexts.upgradeToPro })).not.toBeInTheDocument();
  });

  it('adds Admin Portal for admins, who are not asked to upgrade', async () => {
    const links = await mainNavLinks('/dashboard', adminUser);
    expect(links.at(-1)).toEqual([shellTexts.adminPortal, '/admin']);
    expect(links).not.toContainEqual(['Referral', '/referral']);
    expect(screen.queryByRole('button', { name: shellTexts.upgradeToPro })).not.toBeInTheDocument();
  });

  it('sends the upgrade button to /settings', async () => {
    const { router } = renderApp('/dashboard', { user: freeUser });
    await userEvent.click(await screen.findByRole('button', { name: shellTexts.upgradeToPro }));
    await waitFor(() => expect(currentUrl(router)).toBe('/settings'));
  });

  it('marks the current page in the navigation', async () => {
    renderApp('/history', { user: freeUser });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('account menu', () => {
  async function openMenu() {
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    return screen.findByRole('menu');
  }

  it('offers Dashboard, History, Settings and Sign Out', async () => {
    stubFetch(({ path }) =>
      path === '/api/csrf-token' ? jsonResponse({ csrfToken: 't' }) : new Response(null, { status: 204 }),
    );
    const { router } = renderApp('/gallery', { user: makeUser({ username: 'luna' }) });
    expect(await screen.findByRole('button', { name: 'Account menu' })).toHaveTextContent('Lluna');
    const menu = await openMenu();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(['Dashboard', 'History', 'Settings', shellTexts.signOut]);
    await userEvent.click(within(menu).getByRole('menuitem', { name: shellTexts.signOut }));
    await waitFor(() => expect(currentUrl(router)).toBe('/login'));
  });

  it('offers Replay Tutorial on /dashboard and /settings when a handler exists', async () => {
    const replay = vi.fn();
    const wrap = (node: React.ReactNode) => (
      <ReplayTutorialContext value={replay}>{node}</ReplayTutorialContext>
    );
    renderApp('/dashboard', { user: freeUser, wrap });
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: shellTexts.replayTutorial }));
    expect(replay).toHaveBeenCalledOnce();
  });

  it('hides Replay Tutorial on other pages and when no handler exists', async () => {
    const wrap = (node: React.ReactNode) => (
      <ReplayTutorialContext value={() => undefined}>{node}</ReplayTutorialContext>
    );
    renderApp('/history', { user: freeUser, wrap });
    let menu = await openMenu();
    expect(within(menu).queryByRole('menuitem', { name: shellTexts.replayTutorial })).not.toBeInTheDocument();
    cleanup();

    renderApp('/settings', { user: freeUser });
    menu = await openMenu();
    expect(within(menu).queryByRole('menuitem', { name: shellTexts.replayTutorial })).not.toBeInTheDocument();
  });
});

describe('theme toggle', () => {
  it('switches between light, dark and system', async () => {
    renderApp('/reddit', { user: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Theme' }));
    const options = await screen.findAllByRole('menuitemradio');
    expect(options.map((option) => option.textContent)).toEqual(['Light', 'Dark', 'System']);
    expect(screen.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
    expect(document.documentElement).toHaveClass('dark');
    await userEvent.click(screen.getByRole('button', { name: 'Theme' }));
    expect(await screen.findByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Light' }));
    expect(document.documentElement).not.toHaveClass('dark');
  });
});

describe('small screens', () => {
  it('collapses the links into a navigation menu', async () => {
    const { router } = renderApp('/dashboard', { user: freeUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(['Dashboard', 'Reddit', 'Caption Generator', 'History', 'Settings', shellTexts.upgradeToPro]);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'History' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/history'));
  });

  it('offers visitors Log In and Sign Up in the menu', async () => {
    const { router } = renderApp('/reddit', { user: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Log In' })).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign Up' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/signup'));
  });
});
