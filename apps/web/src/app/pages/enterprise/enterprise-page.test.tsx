import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUrl, renderApp } from '../../../testing/render-app';
import { freeUser } from '../../../testing/users';
import { jsonResponse } from '../../../testing/fetch-stub';
import { resetAuthState, stubApi } from '../../../testing/auth-api-stub';
import { tabFromSearch } from './enterprise-tabs';
// Loaded up front, so the lazy route and its lazy Scheduler tab resolve within findBy's wait.
import './enterprise-page';
import '../../../features/reddit/components/post-scheduler';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

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

  it('opens the tab named in the URL: the Scheduler holds the schedule form and the scheduled posts', async () => {
    stubApi({
      'GET /api/reddit/accounts': jsonResponse({
        accounts: [],
        limit: 1,
        canConnectMore: true,
        postingAvailable: true,
      }),
      'GET /api/posts/scheduled': jsonResponse([]),
    });
    renderApp('/enterprise?tab=scheduler', { user: freeUser });
    expect(await screen.findByRole('tab', { name: 'Scheduler' })).toHaveAttribute('aria-selected', 'true');
    // The Scheduler's own List/Week/Month tabs have a panel of their own inside it.
    const panel = screen.getByRole('tabpanel', { name: 'Scheduler' });
    const form = await within(panel).findByRole('form', { name: 'Schedule a post' });
    expect(within(form).getByLabelText('Subreddit')).toBeInTheDocument();
    expect(within(form).getAllByRole('radio')).toHaveLength(7);
    expect(await within(panel).findByRole('heading', { name: 'Nothing scheduled yet' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Connect Reddit' })).toBeInTheDocument();
  });

  it('switches tabs by replacing the history entry', async () => {
    const { router } = renderApp('/enterprise', { user: freeUser });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent?.trim())).toEqual([
      'AI Studio',
      'Media',
      'Scheduler',
      'Billing',
    ]);
    expect(screen.getByRole('tab', { name: 'AI Studio' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.click(screen.getByRole('tab', { name: 'Billing' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/enterprise?tab=billing'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Subscription and usage');
  });

  it('holds the caption generator in the AI Studio tab', async () => {
    stubApi({
      'GET /api/ai/quota': () =>
        jsonResponse({
          used: 1,
          limit: 5,
          remaining: 4,
          resetsAt: new Date(Date.now() + 3_600_000).toISOString(),
          plan: 'free',
        }),
    });
    renderApp('/enterprise?tab=ai-studio', { user: freeUser });
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByRole('form', { name: 'What are you posting?' })).toBeInTheDocument();
    expect(within(panel).getByLabelText('Prompt')).toBeInTheDocument();
    expect(await within(panel).findByRole('status', { name: 'Daily AI generations' })).toHaveTextContent(
      '4 of 5 generations left today',
    );
  });

  it('keeps the AI Studio results while another tab is looked at', async () => {
    stubApi({
      'GET /api/ai/quota': () =>
        jsonResponse({
          used: 1,
          limit: 5,
          remaining: 4,
          resetsAt: new Date(Date.now() + 3_600_000).toISOString(),
          plan: 'free',
        }),
      'POST /api/ai/generate': () =>
        jsonResponse({
          content: [
            {
              platform: 'reddit',
              variant: 1,
              titles: ['Coffee and sunshine'],
              body: 'Slow morning.',
              photoInstructions: '',
              hashtags: [],
              confidence: 0.8,
              subreddit: null,
              generationId: null,
            },
          ],
          model: 'test',
          tokensUsed: 1,
          cached: false,
          provider: 'offline',
          notice: null,
          quota: {
            used: 2,
            limit: 5,
            remaining: 3,
            resetsAt: new Date(Date.now() + 3_600_000).toISOString(),
            plan: 'free',
          },
        }),
      'GET /api/media': () => jsonResponse([]),
      'GET /api/storage/usage': () =>
        jsonResponse({
          usedBytes: 0,
          quotaBytes: 2 * 1024 ** 3,
          assetsCount: 0,
          usedPercentage: 0,
          proUpgrade: { quotaBytes: 50 * 1024 ** 3 },
        }),
    });
    const user = userEvent.setup();
    renderApp('/enterprise', { user: freeUser });
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('heading', { name: 'Coffee and sunshine' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Media' }));
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Coffee and sunshine' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'AI Studio' }));
    expect(screen.getByRole('heading', { name: 'Coffee and sunshine' })).toBeInTheDocument();
  });
});
