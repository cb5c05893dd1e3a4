import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp } from '../../app/testing/render-app';
import { freeUser } from '../../app/testing/users';
import { tabFromSearch } from './enterprise-tabs';

describe('enterprise tabs', () => {
  it.each([
    ['', 'ai-studio'],
    ['?tab=media', 'media'],
    ['?tab=billing', 'billing'],
    ['?tab=nonsense', 'ai-studio'],
    ['?scheduler=1', 'scheduler'],
    ['?scheduler=true&tab=media', 'media'],
  ])('reads %s as the %s tab', (search, tab) => {
    expect(tabFromSearch(new URLSearchParams(search))).toBe(tab);
  });

  it('opens the tab named in the URL', async () => {
    renderApp('/enterprise?tab=scheduler', { user: freeUser });
    expect(await screen.findByRole('tab', { name: 'Scheduler' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Post scheduler');
  });

  it('switches tabs by replacing the history entry', async () => {
    const { router } = renderApp('/enterprise', { user: freeUser });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent?.trim())).toEqual(['AI Studio', 'Media', 'Scheduler', 'Billing']);
    expect(screen.getByRole('tab', { name: 'AI Studio' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.click(screen.getByRole('tab', { name: 'Billing' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/enterprise?tab=billing'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('payment link');
  });
});
