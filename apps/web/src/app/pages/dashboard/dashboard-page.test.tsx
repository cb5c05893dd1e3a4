import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardTexts } from '@app/shared/dashboard';
import type { User } from '@app/shared/user';
import { currentUrl, renderApp } from '../../../testing/render-app';
import { freeUser, makeUser, proUser } from '../../../testing/users';
import { callsOf, jsonResponse } from '../../../testing/fetch-stub';
import { resetAuthState, stubApi } from '../../../testing/auth-api-stub';
import { makeGeneration } from '../../../features/history/testing/history-fixtures';
import { makeUsage } from '../../../testing/media-fixtures';
import { makePost, scheduledPostsAnswer } from '../../../features/reddit/testing/reddit-fixtures';
import './dashboard-page';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

type Answers = Parameters<typeof stubApi>[0];

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const quota = (used: number, limit: number | null, plan = 'free') => ({
  used,
  limit,
  remaining: limit === null ? null : Math.max(0, limit - used),
  resetsAt: inAnHour(),
  plan,
});

const weekResults = (visitors: Record<string, number>) => ({
  days: 7,
  totals: { posts: 4, visitors: 0, removed: 0 },
  subreddits: Object.entries(visitors).map(([subreddit, count]) => ({
    subreddit,
    posts: 1,
    visitors: count,
    visitorsPerPost: count,
    upvotes: null,
    removed: 0,
    removalRate: null,
    estimatedSubscribers: null,
  })),
  posts: [],
  clickHours: Array.from({ length: 24 }, (_, hourUtc) => ({ hourUtc, visitors: 0 })),
  subscribers: { recorded: 0, daysRecorded: 0, estimate: 'no_subscribers', note: 'none' },
});

/** Every dashboard endpoint answered with a creator who has a little of everything. */
function stubDashboard(overrides: Answers = {}) {
  return stubApi({
    'GET /api/ai/quota': () => jsonResponse(quota(2, 5)),
    'GET /api/content-generations': () =>
      jsonResponse([
        makeGeneration({ titles: ['Sunday brunch glow'], content: 'Brunch caption', platform: 'instagram' }),
        makeGeneration({ titles: ['Gym mirror check'], content: 'Leg day' }),
      ]),
    'GET /api/posts/scheduled': scheduledPostsAnswer(() => [
      makePost({ titleFinal: 'Later post', scheduledAt: new Date(Date.now() + 7_200_000).toISOString() }),
      makePost({ titleFinal: 'Sooner post', scheduledAt: new Date(Date.now() + 600_000).toISOString() }),
      makePost({
        titleFinal: 'Sent yesterday',
        status: 'sent',
        scheduledAt: new Date(Date.now() - 86_400_000).toISOString(),
        sentAt: new Date(Date.now() - 86_400_000).toISOString(),
        resultJson: { url: 'https://www.reddit.com/r/selfie/comments/abc' },
      }),
    ]),
    'GET /api/storage/usage': () =>
      jsonResponse(
        makeUsage({
          usedBytes: 512 * 1024 ** 2,
          quotaBytes: 2 * 1024 ** 3,
          assetsCount: 3,
          usedPercentage: 25,
        }),
      ),
    'GET /api/results': () => jsonResponse(weekResults({ BigSub: 9, SmallSub: 5, Mid: 7, Quiet: 1 })),
    ...overrides,
  });
}

const card = (title: string) => screen.findByRole('region', { name: title });

function renderDashboard(user: User = freeUser, path = '/dashboard') {
  return renderApp(path, { user });
}

describe('dashboard', () => {
  it('shows the day’s generations against the plan, recent content, posts and storage', async () => {
    stubDashboard();
    renderDashboard();

    const counter = await card(dashboardTexts.counterTitle);
    expect(await within(counter).findByText('3 of 5 generations left today')).toBeInTheDocument();
    expect(within(counter).getByTestId('generations-used').parentElement).toHaveTextContent(
      /^2 of 5 used today$/,
    );
    expect(within(counter).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(counter).toHaveAttribute('data-tour', 'generation-counter');

    const recent = await card(dashboardTexts.recentTitle);
    const items = await within(recent).findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Sunday brunch glow',
      'Gym mirror check',
    ]);
    expect(within(recent).getByRole('link', { name: dashboardTexts.recentAll })).toHaveAttribute(
      'href',
      '/history',
    );

    const posts = await card(dashboardTexts.postsTitle);
    const upcoming = await within(posts).findByRole('list', { name: dashboardTexts.postsUpcoming });
    expect(
      within(upcoming)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Sooner post', 'Later post']);
    const sent = within(posts).getByRole('list', { name: dashboardTexts.postsRecent });
    expect(within(sent).getByText('Sent yesterday')).toBeInTheDocument();
    expect(within(sent).getByText('Sent')).toBeInTheDocument();
    expect(within(sent).getByRole('link', { name: 'Open "Sent yesterday" on Reddit' })).toHaveAttribute(
      'href',
      'https://www.reddit.com/r/selfie/comments/abc',
    );

    const storage = await card(dashboardTexts.storageTitle);
    expect(await within(storage).findByText('512 MB of 2 GB used')).toBeInTheDocument();
    expect(within(storage).getByText('25% · 3 files')).toBeInTheDocument();
  });

  it('shows the soonest pending posts and the latest sent ones from the first page of each', async () => {
    const hour = 3_600_000;
    // More pending posts than a page, listed by the server soonest first; the latest are scheduled first.
    const pending = Array.from({ length: 60 }, (_, index) =>
      makePost({
        titleFinal: `Upcoming ${60 - index}`,
        scheduledAt: new Date(Date.now() + (60 - index) * hour).toISOString(),
      }),
    );
    const sent = Array.from({ length: 60 }, (_, index) =>
      makePost({
        titleFinal: `Sent ${index + 1}`,
        status: index % 7 === 3 ? 'failed' : 'sent',
        scheduledAt: new Date(Date.now() - (index + 1) * hour).toISOString(),
        sentAt: index % 7 === 3 ? null : new Date(Date.now() - (index + 1) * hour).toISOString(),
      }),
    );
    const fetchMock = stubDashboard({
      'GET /api/posts/scheduled': scheduledPostsAnswer(() => [...sent, ...pending]),
    });
    renderDashboard();
    const posts = await card(dashboardTexts.postsTitle);
    const listed = (name: string) =>
      within(within(posts).getByRole('list', { name }))
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent);
    await within(posts).findByRole('list', { name: dashboardTexts.postsUpcoming });
    expect(listed(dashboardTexts.postsUpcoming)).toEqual(['Upcoming 1', 'Upcoming 2', 'Upcoming 3']);
    expect(listed(dashboardTexts.postsRecent)).toEqual(['Sent 1', 'Sent 2', 'Sent 3']);
    const asked = callsOf(fetchMock)
      .map((call) => call.path)
      .filter((path) => path.startsWith('/api/posts/scheduled'));
    expect(asked.sort()).toEqual(['/api/posts/scheduled?status=done', '/api/posts/scheduled?status=pending']);
  });

  it('says Pro is unlimited and shows the member perks', async () => {
    stubDashboard({ 'GET /api/ai/quota': () => jsonResponse(quota(12, null, 'pro')) });
    renderDashboard(proUser);
    const counter = await card(dashboardTexts.counterTitle);
    expect(await within(counter).findByText('12')).toBeInTheDocument();
    expect(within(counter).getByText('generated today')).toBeInTheDocument();
    expect(within(counter).getByText('Unlimited generations')).toBeInTheDocument();
    expect(within(counter).queryByRole('progressbar')).not.toBeInTheDocument();

    const perks = await card(dashboardTexts.proPerksTitle);
    expect(perks).toHaveAttribute('data-tour', 'pro-perks');
    expect(within(perks).getByText(dashboardTexts.proPerksMember)).toBeInTheDocument();
    expect(
      within(perks).queryByRole('link', { name: dashboardTexts.proPerksUpgrade }),
    ).not.toBeInTheDocument();
  });

  it('offers the upgrade when the free quota is used up', async () => {
    stubDashboard({ 'GET /api/ai/quota': () => jsonResponse(quota(5, 5)) });
    renderDashboard();
    const counter = await card(dashboardTexts.counterTitle);
    expect(await within(counter).findByText('No generations left today')).toBeInTheDocument();
    expect(
      within(counter).queryByRole('link', { name: dashboardTexts.counterAction }),
    ).not.toBeInTheDocument();
    expect(within(counter).getByRole('link', { name: 'Upgrade for 50 a day or unlimited' })).toHaveAttribute(
      'href',
      '/settings',
    );
    const perks = await card(dashboardTexts.proPerksTitle);
    expect(within(perks).getByRole('link', { name: dashboardTexts.proPerksLink })).toHaveAttribute(
      'href',
      '/pro-perks',
    );
    expect(within(perks).getByRole('link', { name: dashboardTexts.proPerksUpgrade })).toBeInTheDocument();
  });

  it('gives every empty card a next step', async () => {
    stubDashboard({
      'GET /api/content-generations': () => jsonResponse([]),
      'GET /api/posts/scheduled': () => jsonResponse([]),
      'GET /api/storage/usage': () =>
        jsonResponse(makeUsage({ usedBytes: 0, assetsCount: 0, usedPercentage: 0 })),
    });
    renderDashboard();

    const recent = await card(dashboardTexts.recentTitle);
    expect(
      await within(recent).findByRole('heading', { name: dashboardTexts.recentEmpty }),
    ).toBeInTheDocument();
    expect(within(recent).getByRole('link', { name: dashboardTexts.recentEmptyAction })).toHaveAttribute(
      'href',
      '/caption-generator',
    );

    const posts = await card(dashboardTexts.postsTitle);
    expect(
      await within(posts).findByRole('heading', { name: dashboardTexts.postsEmpty }),
    ).toBeInTheDocument();
    expect(within(posts).getByRole('link', { name: dashboardTexts.postsAction })).toHaveAttribute(
      'href',
      '/reddit',
    );

    const storage = await card(dashboardTexts.storageTitle);
    expect(
      await within(storage).findByRole('heading', { name: dashboardTexts.storageEmpty }),
    ).toBeInTheDocument();
    expect(within(storage).getByRole('link', { name: dashboardTexts.storageAction })).toHaveAttribute(
      'href',
      '/gallery',
    );
  });

  it('shows each card loading, then a failure with a working retry that leaves the others alone', async () => {
    let storageFails = true;
    let releaseQuota: () => void = () => undefined;
    const quotaHeld = new Promise<void>((resolve) => {
      releaseQuota = resolve;
    });
    const fetchMock = stubDashboard({
      'GET /api/ai/quota': async () => {
        await quotaHeld;
        return jsonResponse(quota(1, 5));
      },
      'GET /api/content-generations': () =>
        jsonResponse({ message: 'History is resting', code: 'INTERNAL_ERROR' }, 500),
      'GET /api/posts/scheduled': () =>
        jsonResponse({ message: 'Posts are resting', code: 'INTERNAL_ERROR' }, 500),
      'GET /api/storage/usage': () =>
        storageFails
          ? jsonResponse({ message: 'Storage is resting', code: 'INTERNAL_ERROR' }, 500)
          : jsonResponse(makeUsage()),
    });
    renderDashboard();

    const counter = await card(dashboardTexts.counterTitle);
    expect(within(counter).getByRole('status')).toHaveTextContent(dashboardTexts.counterLoading);

    const recent = await card(dashboardTexts.recentTitle);
    expect(await within(recent).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      dashboardTexts.recentFailed,
    );
    const posts = await card(dashboardTexts.postsTitle);
    expect(await within(posts).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      dashboardTexts.postsFailed,
    );
    const storage = await card(dashboardTexts.storageTitle);
    expect(await within(storage).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      dashboardTexts.storageFailed,
    );

    releaseQuota();
    expect(await within(counter).findByText('4 of 5 generations left today')).toBeInTheDocument();

    storageFails = false;
    const before = callsOf(fetchMock).filter((call) => call.path === '/api/storage/usage').length;
    await userEvent.click(within(storage).getByRole('button', { name: dashboardTexts.tryAgain }));
    expect(await within(storage).findByText('512 MB of 2 GB used')).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((call) => call.path === '/api/storage/usage').length).toBe(before + 1);
    expect(within(recent).getByRole('alert')).toBeInTheDocument();
  });

  it('shows the three subreddits that brought the most visitors this week, linking to Results', async () => {
    const fetchMock = stubDashboard();
    renderDashboard();
    const results = await card('What works');
    expect(await within(results).findByText('Top subreddits by visitors, last 7 days')).toBeInTheDocument();
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['r/BigSub9 visitors', 'r/Mid7 visitors', 'r/SmallSub5 visitors']);
    expect(within(results).getByRole('link', { name: 'All results' })).toHaveAttribute(
      'href',
      '/results?days=7',
    );
    expect(callsOf(fetchMock).some((call) => call.path === '/api/results?days=7')).toBe(true);
  });

  it('points the Results card at tracked links when no visitor was counted this week', async () => {
    stubDashboard({ 'GET /api/results': () => jsonResponse(weekResults({ BigSub: 0 })) });
    renderDashboard();
    const results = await card('What works');
    expect(
      await within(results).findByRole('heading', { name: 'No visitors counted this week' }),
    ).toBeInTheDocument();
    expect(within(results).getByRole('link', { name: 'Tracked links' })).toHaveAttribute('href', '/links');
  });

  it('does not ask for posts without full access, and says why', async () => {
    const fetchMock = stubDashboard();
    renderDashboard(makeUser({ emailVerified: false }));
    const posts = await card(dashboardTexts.postsTitle);
    expect(within(posts).getByText(dashboardTexts.postsLocked)).toBeInTheDocument();
    await screen.findByText('512 MB of 2 GB used');
    expect(callsOf(fetchMock).some((call) => call.path.startsWith('/api/posts/scheduled'))).toBe(false);
    expect(callsOf(fetchMock).some((call) => call.path.startsWith('/api/results'))).toBe(false);
    expect(screen.queryByRole('region', { name: 'What works' })).toBeNull();
  });

  it('marks the walkthrough targets and leads into each feature', async () => {
    stubDashboard();
    const { router, container } = renderDashboard();
    await card(dashboardTexts.quickActionsTitle);
    const tour = (name: string) => container.querySelector(`[data-tour="${name}"]`);
    expect(tour('content-creator')).toHaveTextContent('Caption generator');
    expect(tour('image-shield')).toHaveTextContent('ImageShield');
    expect(tour('reddit-communities')).toHaveTextContent('Reddit communities');
    expect(tour('analytics')).not.toBeNull();

    const actions = await card(dashboardTexts.quickActionsTitle);
    expect(
      within(actions)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/caption-generator',
      '/gallery',
      '/imageshield',
      '/leaks/trace',
      '/reddit/communities',
      '/reddit',
      '/history',
      '/leaks/cases',
    ]);
    await userEvent.click(within(actions).getByRole('link', { name: /Content history/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/history'));
  });

  it('claims nowhere that AI wrote anything: by default the built-in writer does', async () => {
    stubDashboard();
    renderDashboard();
    const counter = await card('Generations today');
    await within(counter).findByText('3 of 5 generations left today');
    const actions = await card(dashboardTexts.quickActionsTitle);
    expect(within(actions).getByRole('link', { name: /Caption generator/ })).toHaveTextContent(
      'Draft titles, captions and hashtags',
    );
    await card(dashboardTexts.recentTitle).then((recent) => within(recent).findAllByRole('listitem'));
    expect(screen.getByRole('main')).not.toHaveTextContent(/\bAI\b/);
  });
});
