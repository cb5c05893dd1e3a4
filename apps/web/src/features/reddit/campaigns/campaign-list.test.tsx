import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Campaign, CampaignDetail } from '@app/shared/campaigns';
import { campaignTexts } from '@app/shared/campaigns';
import { AppProviders } from '../../../testing/providers';
import '../../../testing/dom-polyfills';
import { createQueryClient } from '../../../lib/query-client';
import { callsOf, jsonResponse } from '../../../testing/fetch-stub';
import { resetAuthState, stubApi } from '../../../testing/auth-api-stub';
import { CampaignList } from './campaign-list';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

const campaign: Campaign = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Satin set',
  title: 'Red satin',
  status: 'active',
  timing: 'spread',
  spacing: { minGapMinutes: 20, maxPerHour: 3 },
  redditUsername: 'cleo',
  createdAt: '2026-11-26T10:00:00.000Z',
  counts: { pending: 1, sent: 1, failed: 0 },
  copies: { making: 1, ready: 1, failed: 0 },
  subreddits: ['Alpha', 'Beta'],
  firstAt: '2026-11-26T10:00:00.000Z',
  lastAt: '2026-11-26T10:20:00.000Z',
};

const post = (id: string, subreddit: string, status: 'pending' | 'sent') => ({
  id,
  subreddit,
  titleFinal: `Red satin in r/${subreddit}`,
  bodyFinal: null,
  scheduledAt: '2026-11-26T10:00:00.000Z',
  status,
  resultJson: status === 'sent' ? { url: `https://www.reddit.com/r/${subreddit}/comments/abc/` } : null,
  imageId: null,
  redditAccountId: null,
  redditUsername: 'cleo',
  flairText: null,
  timing: 'custom' as const,
  attempts: 0,
  lastError: null,
  sentAt: null,
  outcome: null,
  createdAt: '2026-11-26T09:00:00.000Z',
  firstComment: null,
  waitingForRedditUntil: null,
  campaignId: '11111111-1111-4111-8111-111111111111',
  nsfw: true,
  spoiler: false,
  copyState: status === 'pending' ? ('making' as const) : ('ready' as const),
});

const detail = {
  ...campaign,
  posts: [
    post('22222222-2222-4222-8222-222222222222', 'Alpha', 'sent'),
    post('33333333-3333-4333-8333-333333333333', 'Beta', 'pending'),
  ],
} as unknown as CampaignDetail;

describe('the campaigns list', () => {
  it('shows progress in words, its posts with their links, and pauses or cancels one post', async () => {
    const api = stubApi({
      [`GET /api/campaigns/${campaign.id}`]: () => jsonResponse(detail),
      [`POST /api/campaigns/${campaign.id}/pause`]: () =>
        jsonResponse({ message: campaignTexts.paused, campaign: { ...detail, status: 'paused' } }),
      'DELETE /api/posts/scheduled/33333333-3333-4333-8333-333333333333': () =>
        jsonResponse({ message: 'Scheduled post cancelled' }),
      'GET /api/campaigns': () => jsonResponse([campaign]),
      'GET /api/posts/scheduled': () => jsonResponse([]),
    });
    render(
      <AppProviders queryClient={createQueryClient({ onSessionLost: () => undefined })}>
        <CampaignList campaigns={[campaign]} error={null} />
      </AppProviders>,
    );
    const card = screen.getByRole('listitem', { name: 'Satin set' });
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(card).toHaveTextContent('1 waiting · 1 sent');
    expect(within(card).getByRole('status')).toHaveTextContent('Protected copies: 1 ready, 1 being made');

    await userEvent.click(within(card).getByRole('button', { name: 'Show posts' }));
    expect(await within(card).findByRole('link', { name: /View on Reddit/ })).toHaveAttribute(
      'href',
      'https://www.reddit.com/r/Alpha/comments/abc/',
    );
    expect(within(card).getByText('copy being made')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel the post to r/Beta' }));
    await vi.waitFor(() =>
      expect(
        callsOf(api).some(
          (call) => call.method === 'DELETE' && call.path.endsWith('33333333-3333-4333-8333-333333333333'),
        ),
      ).toBe(true),
    );

    await userEvent.click(within(card).getByRole('button', { name: 'Pause' }));
    await vi.waitFor(() =>
      expect(
        callsOf(api).some(
          (call) => call.method === 'POST' && call.path === `/api/campaigns/${campaign.id}/pause`,
        ),
      ).toBe(true),
    );
    expect(await screen.findByText(campaignTexts.paused)).toBeInTheDocument();
  });
});
