import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScheduledPost } from '@app/shared/posts';
import { renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
import { callsOf, jsonResponse } from '../../testing/fetch-stub';
import { findToast, resetAuthState, stubApi } from '../../testing/auth-api-stub';
import { stubIntersectionObserver } from '../../testing/intersection-observer-stub';
import { stubVirtualLayout } from '../../testing/virtual-layout';
// Loaded up front, so the lazy route resolves well within findBy's wait.
import './reddit-page';
import { accountsResponse, makeAccount, makePost, scheduledPostsAnswer } from './testing/reddit-fixtures';

afterEach(() => {
  resetAuthState();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const hour = 3_600_000;
/** A card's row with the 12 px gap below it, under stubVirtualLayout. */
const rowStep = 212;
const at = (hours: number) => new Date(Date.now() + hours * hour).toISOString();

/** `pending` posts an hour apart from now on, and `done` sent ones an hour apart before now. */
function schedule(pending: number, done: number): ScheduledPost[] {
  return [
    ...Array.from({ length: pending }, (_, index) =>
      makePost({ titleFinal: `Upcoming ${index + 1}`, scheduledAt: at(index + 1) }),
    ),
    ...Array.from({ length: done }, (_, index) =>
      makePost({
        titleFinal: `Sent ${index + 1}`,
        status: 'sent',
        scheduledAt: at(-(index + 1)),
        sentAt: at(-(index + 1)),
      }),
    ),
  ];
}

function stubSchedule(posts: () => readonly ScheduledPost[]) {
  return stubApi({
    'GET /api/reddit/accounts': jsonResponse(accountsResponse([makeAccount()])),
    'GET /api/posts/scheduled': scheduledPostsAnswer(posts),
  });
}

const listCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  callsOf(fetchMock)
    .map((call) => call.path)
    .filter((path) => path.startsWith('/api/posts/scheduled'));

const titles = (list: HTMLElement) =>
  within(list)
    .getAllByRole('article')
    .map((article) => document.getElementById(article.getAttribute('aria-labelledby') ?? '')?.textContent);

describe('/reddit scheduled posts, each group paged on its own (decision 032)', () => {
  it('loads the upcoming posts soonest first, page after page, and only then the sent ones', async () => {
    const layout = stubVirtualLayout({ rowHeight: 200, listWidth: 600 });
    const posts = schedule(60, 55);
    const fetchMock = stubSchedule(() => posts);
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });
    const upcoming = await screen.findByRole('list', { name: 'Upcoming' });
    await within(upcoming).findByRole('article', { name: 'Upcoming 1' });
    expect(titles(upcoming).slice(0, 3)).toEqual(['Upcoming 1', 'Upcoming 2', 'Upcoming 3']);
    expect(screen.getByRole('heading', { name: 'Upcoming (50+)' })).toBeInTheDocument();
    expect(within(upcoming).getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '-1');
    // The finished posts wait below until every upcoming one is in: nothing lands above the reader.
    expect(screen.queryByRole('list', { name: 'Sent and failed' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more upcoming posts' }));
    await screen.findByRole('heading', { name: 'Upcoming (60)' });
    layout.scrollTo(60 * rowStep);
    await within(upcoming).findByRole('article', { name: 'Upcoming 60' });
    expect(titles(upcoming).slice(-3)).toEqual(['Upcoming 58', 'Upcoming 59', 'Upcoming 60']);
    const lastItem = within(upcoming).getAllByRole('listitem').at(-1);
    expect(lastItem).toHaveAttribute('aria-posinset', '60');
    expect(lastItem).toHaveAttribute('aria-setsize', '60');
    expect(screen.getByText('That is all your upcoming posts.')).toBeInTheDocument();

    layout.scrollTo(0);
    const done = await screen.findByRole('list', { name: 'Sent and failed' });
    await within(done).findByRole('article', { name: 'Sent 1' });
    expect(titles(done).slice(0, 2)).toEqual(['Sent 1', 'Sent 2']);
    expect(screen.getByRole('heading', { name: 'Sent and failed (50+)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more sent and failed posts' }));
    await screen.findByRole('heading', { name: 'Sent and failed (55)' });
    layout.scrollTo(55 * rowStep);
    await within(done).findByRole('article', { name: 'Sent 55' });
    expect(titles(done).at(-1)).toBe('Sent 55');
    expect(screen.getByText('That is all your scheduled posts.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();

    expect(listCalls(fetchMock).sort()).toEqual([
      '/api/posts/scheduled?status=done',
      '/api/posts/scheduled?status=done&cursor=after-50',
      '/api/posts/scheduled?status=pending',
      '/api/posts/scheduled?status=pending&cursor=after-50',
    ]);
  });

  it('scrolling to the end reads every upcoming page before the next sent one', async () => {
    stubVirtualLayout({ rowHeight: 200, listWidth: 600 });
    const posts = schedule(120, 70);
    const fetchMock = stubSchedule(() => posts);
    const view = stubIntersectionObserver();
    renderApp('/reddit', { user: freeUser });
    await screen.findByRole('heading', { name: 'Upcoming (50+)' });
    await waitFor(() => expect(view.watched).toBe(1));
    view.scrollIntoView();
    await screen.findByRole('heading', { name: 'Upcoming (100+)' });
    await waitFor(() => expect(view.watched).toBe(1));
    view.scrollIntoView();
    await screen.findByRole('heading', { name: 'Upcoming (120)' });
    // Only now the sent posts' end is there to be reached.
    await screen.findByRole('heading', { name: 'Sent and failed (50+)' });
    await waitFor(() => expect(view.watched).toBe(1));
    view.scrollIntoView();
    await screen.findByRole('heading', { name: 'Sent and failed (70)' });
    expect(listCalls(fetchMock).filter((path) => path.includes('cursor='))).toEqual([
      '/api/posts/scheduled?status=pending&cursor=after-50',
      '/api/posts/scheduled?status=pending&cursor=after-100',
      '/api/posts/scheduled?status=done&cursor=after-50',
    ]);
    await waitFor(() => expect(view.watched).toBe(0));
  });

  it('announces a watched post that leaves the upcoming group for the sent one', async () => {
    const post = makePost({ titleFinal: 'Watch me', scheduledAt: new Date().toISOString() });
    let current = post;
    stubSchedule(() => [current]);
    const { queryClient } = renderApp('/reddit', { user: freeUser });
    await within(await screen.findByRole('list', { name: 'Upcoming' })).findByRole('article', {
      name: 'Watch me',
    });
    current = {
      ...post,
      status: 'sent',
      sentAt: new Date().toISOString(),
      resultJson: { url: 'https://www.reddit.com/r/selfie/comments/w2/' },
    };
    // The groups are read apart: the upcoming one first loses the post, then the sent one has it.
    await queryClient.invalidateQueries({ queryKey: ['/api/posts/scheduled', { status: 'pending' }] });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Upcoming' })).not.toBeInTheDocument());
    await queryClient.invalidateQueries({ queryKey: ['/api/posts/scheduled', { status: 'done' }] });
    const toastItem = await findToast('Your post is live on Reddit');
    expect(toastItem).toHaveTextContent('“Watch me” is up in r/selfie.');
    const done = screen.getByRole('list', { name: 'Sent and failed' });
    expect(within(done).getByRole('article', { name: 'Watch me' })).toBeInTheDocument();
  });

  it('reads the sent group again when the last upcoming post leaves, though polling then stops', async () => {
    const post = makePost({ titleFinal: 'Last one', scheduledAt: new Date().toISOString() });
    let current = post;
    const fetchMock = stubSchedule(() => [current]);
    const { queryClient } = renderApp('/reddit', { user: freeUser });
    await within(await screen.findByRole('list', { name: 'Upcoming' })).findByRole('article', {
      name: 'Last one',
    });
    const doneReads = () => listCalls(fetchMock).filter((path) => path.includes('status=done')).length;
    const readsBefore = doneReads();
    current = {
      ...post,
      status: 'sent',
      sentAt: new Date().toISOString(),
      resultJson: { url: 'https://www.reddit.com/r/selfie/comments/w3/' },
    };
    // Only the upcoming group looks again (as its poll would); nothing asks the sent group.
    await queryClient.invalidateQueries({ queryKey: ['/api/posts/scheduled', { status: 'pending' }] });
    const done = await screen.findByRole('list', { name: 'Sent and failed' });
    expect(await within(done).findByRole('article', { name: 'Last one' })).toBeInTheDocument();
    expect(doneReads()).toBe(readsBefore + 1);
  });
});
