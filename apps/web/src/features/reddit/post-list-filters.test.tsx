import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '@app/shared/campaigns';
import { renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
import { callsOf, jsonResponse } from '../../testing/fetch-stub';
import { resetAuthState, stubApi } from '../../testing/auth-api-stub';
import { stubVirtualLayout } from '../../testing/virtual-layout';
// Loaded up front, so the lazy route resolves well within findBy's wait.
import './reddit-page';
import { accountsResponse, makeAccount, makePost, scheduledPostsAnswer } from './testing/reddit-fixtures';
import { listFilterTexts } from './lib/calendar-texts';

afterEach(() => {
  resetAuthState();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const hour = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * hour).toISOString();
const campaignId = '00000000-0000-4000-8000-00000000c0de';

const campaign: Campaign = {
  id: campaignId,
  name: 'Spring launch',
  title: 'Spring',
  status: 'active',
  timing: 'spread',
  spacing: { minGapMinutes: 20, maxPerHour: 3 },
  redditUsername: 'velvet_posts',
  createdAt: at(-24),
  counts: { pending: 1, sent: 0, failed: 0 },
  copies: { making: 0, ready: 0, failed: 0 },
  subreddits: ['pics'],
  firstAt: at(3),
  lastAt: at(3),
};

const articles = () =>
  screen
    .queryAllByRole('article')
    .map((article) => document.getElementById(article.getAttribute('aria-labelledby') ?? '')?.textContent);

describe('/reddit list filters', () => {
  it('filters the loaded posts by status (removed included), subreddit and campaign', async () => {
    stubVirtualLayout({ rowHeight: 200, listWidth: 600 });
    const posts = [
      makePost({ titleFinal: 'Waiting', subreddit: 'selfie', scheduledAt: at(2) }),
      makePost({ titleFinal: 'In campaign', subreddit: 'pics', scheduledAt: at(3), campaignId }),
      makePost({
        titleFinal: 'Went out',
        subreddit: 'selfie',
        status: 'sent',
        scheduledAt: at(-2),
        sentAt: at(-2),
      }),
      makePost({
        titleFinal: 'Taken down',
        subreddit: 'pics',
        status: 'sent',
        scheduledAt: at(-3),
        sentAt: at(-3),
        outcome: {
          checkedAt: at(-2),
          minutesAfterSending: 15,
          removed: true,
          removedBy: 'moderator',
          score: 0,
          comments: 0,
        },
      }),
    ];
    const fetchMock = stubApi({
      'GET /api/reddit/accounts': jsonResponse(accountsResponse([makeAccount()])),
      'GET /api/posts/scheduled': scheduledPostsAnswer(() => posts),
      'GET /api/campaigns': jsonResponse([campaign]),
    });
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });
    await screen.findByRole('article', { name: 'Taken down' });
    expect(articles()).toEqual(['Waiting', 'In campaign', 'Went out', 'Taken down']);

    const status = screen.getByRole('combobox', { name: listFilterTexts.status });
    await user.selectOptions(status, 'Removed');
    await waitFor(() => expect(articles()).toEqual(['Taken down']));
    expect(screen.getByText(listFilterTexts.scope)).toBeInTheDocument();
    await user.selectOptions(status, 'Sent');
    await waitFor(() => expect(articles()).toEqual(['Went out']));

    await user.selectOptions(status, listFilterTexts.anyStatus);
    await user.type(screen.getByRole('searchbox', { name: listFilterTexts.subreddit }), 'r/pic');
    await waitFor(() => expect(articles()).toEqual(['In campaign', 'Taken down']));

    await user.click(screen.getByRole('button', { name: listFilterTexts.clear }));
    const campaignFilter = screen.getByRole('combobox', { name: listFilterTexts.campaign });
    await within(campaignFilter).findByRole('option', { name: 'Spring launch' });
    await user.selectOptions(campaignFilter, 'Spring launch');
    await waitFor(() => expect(articles()).toEqual(['In campaign']));
    await user.selectOptions(campaignFilter, listFilterTexts.noCampaign);
    await waitFor(() => expect(articles()).toEqual(['Waiting', 'Went out', 'Taken down']));

    await user.type(screen.getByRole('searchbox', { name: listFilterTexts.subreddit }), 'nothing');
    expect(await screen.findByText(listFilterTexts.noMatch)).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((call) => call.path.startsWith('/api/campaigns'))).toHaveLength(1);
  });
});
