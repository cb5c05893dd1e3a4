import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScheduledPost } from '@app/shared/posts';
import { campaignTexts } from '@app/shared/campaigns';
import { currentUrl, renderApp } from '../../../testing/render-app';
import { freeUser } from '../../../testing/users';
import { callsOf, jsonResponse, type FetchCall } from '../../../testing/fetch-stub';
import { findToast, resetAuthState, sentBodies, stubApi } from '../../../testing/auth-api-stub';
// Loaded up front, so the lazy route resolves well within findBy's wait.
import '../reddit-page';
import { accountsResponse, makeAccount, makePost, scheduledPostsAnswer } from '../testing/reddit-fixtures';
import { calendarPageTexts } from '../lib/calendar-texts';

const zone = 'Asia/Tokyo';

beforeEach(() => {
  // The reader's zone is the browser's: Tokyo here (UTC+9, no daylight saving), whatever the machine's.
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone: zone };
  });
});

afterEach(() => {
  resetAuthState();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The calendar answers from `posts` (read at each call); PATCH answers with `patch`. */
function stubCalendar(posts: ScheduledPost[], patch?: (call: FetchCall) => Response) {
  return stubApi({
    'GET /api/reddit/accounts': jsonResponse(accountsResponse([makeAccount()])),
    'GET /api/posts/scheduled': scheduledPostsAnswer(() => posts),
    'GET /api/posts/calendar': (call) => {
      const query = new URL(call.path, 'http://localhost').searchParams;
      const from = Date.parse(query.get('from')!);
      const to = Date.parse(query.get('to')!);
      const inRange = posts.filter((post) => {
        const at = Date.parse(post.scheduledAt);
        return at >= from && at < to;
      });
      return jsonResponse({ from: query.get('from'), to: query.get('to'), posts: inRange });
    },
    ...(patch && { 'PATCH /api/posts/scheduled/:id': patch }),
  });
}

/** stubApi matches exact paths: route every PATCH to one answer. */
function stubWithPatch(posts: ScheduledPost[], answer: (call: FetchCall, post: ScheduledPost) => Response) {
  const fetchMock = stubCalendar(posts);
  const original = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init = {}) => {
    const path = String(input);
    const match = /^\/api\/posts\/scheduled\/([^/?]+)$/.exec(path);
    if (match && init.method === 'PATCH') {
      const post = posts.find((item) => item.id === match[1])!;
      return answer({ path, method: 'PATCH', headers: new Headers(init.headers), init }, post);
    }
    return original(input, init);
  });
  return fetchMock;
}

const slot = (day: string, hour: string) =>
  document.querySelector<HTMLElement>(`[data-slot="${day}T${hour}"]`)!;

describe('/reddit calendar', () => {
  it('places posts by their time in the reader’s zone in the week view, and keeps the view in the URL', async () => {
    // 23:30 UTC on 4 June is 08:30 on Wednesday 5 June in Tokyo.
    const post = makePost({ subreddit: 'selfie', scheduledAt: '2030-06-04T23:30:00.000Z' });
    const sent = makePost({
      subreddit: 'pics',
      status: 'sent',
      scheduledAt: '2030-06-03T01:00:00.000Z',
      sentAt: '2030-06-03T01:00:00.000Z',
    });
    const fetchMock = stubCalendar([post, sent]);
    const user = userEvent.setup();
    const { router } = renderApp('/reddit?view=week&date=2030-06-05', { user: freeUser });

    const chip = await screen.findByRole('button', { name: 'Pending 08:30 AM r/selfie' });
    expect(slot('2030-06-05', '08:00')).toContainElement(chip);
    expect(slot('2030-06-03', '10:00')).toContainElement(
      screen.getByRole('button', { name: 'Sent 10:00 AM r/pics' }),
    );
    expect(screen.getByRole('tab', { name: 'Week' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(/^Times in Asia\/Tokyo\./)).toBeInTheDocument();
    // The week from Monday 3 June 00:00 in Tokyo.
    const calendarCall = callsOf(fetchMock).find((call) => call.path.startsWith('/api/posts/calendar'))!;
    expect(new URL(calendarCall.path, 'http://localhost').searchParams.get('from')).toBe(
      '2030-06-02T15:00:00.000Z',
    );

    await user.click(screen.getByRole('button', { name: calendarPageTexts.next.week }));
    await waitFor(() => expect(currentUrl(router)).toBe('/reddit?view=week&date=2030-06-12'));
    await user.click(screen.getByRole('tab', { name: 'Month' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/reddit?view=month&date=2030-06-12'));
    await user.click(screen.getByRole('tab', { name: 'List' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/reddit'));
    expect(await screen.findByRole('heading', { name: 'Your scheduled posts' })).toBeInTheDocument();
  });

  it('shows a month grid with each status in words, three posts a day and “+N more”', async () => {
    const day = (hour: number) => `2030-06-10T${String(hour).padStart(2, '0')}:00:00.000Z`;
    const posts = [
      makePost({ subreddit: 'one', scheduledAt: day(1) }),
      makePost({ subreddit: 'two', status: 'sent', scheduledAt: day(2), sentAt: day(2) }),
      makePost({
        subreddit: 'three',
        status: 'sent',
        scheduledAt: day(3),
        sentAt: day(3),
        outcome: {
          checkedAt: day(4),
          minutesAfterSending: 15,
          removed: true,
          removedBy: 'moderator',
          score: 0,
          comments: 0,
        },
      }),
      makePost({ subreddit: 'four', status: 'failed', scheduledAt: day(4) }),
      makePost({ subreddit: 'five', scheduledAt: day(5) }),
    ];
    stubCalendar(posts);
    const user = userEvent.setup();
    renderApp('/reddit?view=month&date=2030-06-01', { user: freeUser });

    await screen.findByRole('button', { name: 'Pending 10:00 AM r/one' });
    expect(screen.getByRole('heading', { name: 'June 2030' })).toBeInTheDocument();
    const cell = document.querySelector<HTMLElement>('[data-day="2030-06-10"]')!;
    await within(cell).findByRole('button', { name: 'Pending 10:00 AM r/one' });
    expect(within(cell).getByRole('button', { name: 'Sent 11:00 AM r/two' })).toBeInTheDocument();
    expect(within(cell).getByRole('button', { name: 'Removed 12:00 PM r/three' })).toBeInTheDocument();
    expect(within(cell).queryByRole('button', { name: /r\/four/ })).not.toBeInTheDocument();
    await user.click(within(cell).getByRole('button', { name: '+2 more' }));
    expect(within(cell).getByRole('button', { name: 'Failed 01:00 PM r/four' })).toBeInTheDocument();
    expect(within(cell).getByRole('button', { name: 'Pending 02:00 PM r/five' })).toBeInTheDocument();
    // The grid runs Monday 27 May to Sunday 30 June.
    expect(document.querySelectorAll('[data-day]')).toHaveLength(35);
    expect(document.querySelector('[data-day="2030-05-27"]')).not.toBeNull();
  });

  it('moves a pending post with the keyboard only: PATCH, the chip on its new day, and an announcement', async () => {
    const post = makePost({
      titleFinal: 'Golden hour',
      subreddit: 'selfie',
      scheduledAt: '2030-06-04T23:30:00.000Z',
    });
    const posts = [post];
    const fetchMock = stubWithPatch(posts, (call, current) => {
      const { scheduledAt } = JSON.parse(String(call.init.body)) as { scheduledAt: string };
      const moved = { ...current, scheduledAt };
      posts[0] = moved;
      return jsonResponse({ message: 'Scheduled post updated', post: moved });
    });
    const user = userEvent.setup();
    renderApp('/reddit?view=week&date=2030-06-05', { user: freeUser });

    const chip = await screen.findByRole('button', { name: 'Pending 08:30 AM r/selfie' });
    chip.focus();
    await user.keyboard('{Enter}');
    const details = await screen.findByRole('dialog', { name: 'Golden hour' });
    await user.click(within(details).getByRole('button', { name: 'Move' }));
    const form = await screen.findByRole('dialog', { name: calendarPageTexts.moveTitle });
    const date = within(form).getByLabelText('Date');
    const time = within(form).getByLabelText('Time');
    expect(date).toHaveValue('2030-06-05');
    expect(time).toHaveValue('08:30');
    fireEvent.change(date, { target: { value: '2030-06-07' } });
    fireEvent.change(time, { target: { value: '14:15' } });
    within(form).getByRole('button', { name: 'Move' }).focus();
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PATCH', `/api/posts/scheduled/${post.id}`)).toEqual([
        { scheduledAt: '2030-06-07T05:15:00.000Z' },
      ]),
    );
    await waitFor(() =>
      expect(slot('2030-06-07', '14:00')).toContainElement(
        screen.getByRole('button', { name: 'Pending 02:15 PM r/selfie' }),
      ),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Moved “Golden hour” to Jun 7, 2030, 2:15 PM.');
  });

  it('drags a pending post to another day and hour, keeping its minutes', async () => {
    const post = makePost({ subreddit: 'selfie', scheduledAt: '2030-06-04T23:30:00.000Z' });
    const posts = [post];
    const fetchMock = stubWithPatch(posts, (call, current) => {
      const moved = { ...current, ...(JSON.parse(String(call.init.body)) as { scheduledAt: string }) };
      posts[0] = moved;
      return jsonResponse({ message: 'Scheduled post updated', post: moved });
    });
    renderApp('/reddit?view=week&date=2030-06-05', { user: freeUser });
    const chip = await screen.findByRole('button', { name: 'Pending 08:30 AM r/selfie' });
    expect(chip).toHaveAttribute('draggable', 'true');
    fireEvent.dragStart(chip);
    fireEvent.dragOver(slot('2030-06-06', '19:00'));
    fireEvent.drop(slot('2030-06-06', '19:00'));
    expect(slot('2030-06-06', '19:00')).toContainElement(
      await screen.findByRole('button', { name: 'Pending 07:30 PM r/selfie' }),
    );
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PATCH', `/api/posts/scheduled/${post.id}`)).toEqual([
        { scheduledAt: '2030-06-06T10:30:00.000Z' },
      ]),
    );
  });

  it('puts a refused move back where it was and says why', async () => {
    const post = makePost({ subreddit: 'selfie', scheduledAt: '2030-06-04T23:30:00.000Z' });
    const sent = makePost({ subreddit: 'pics', status: 'sent', scheduledAt: '2030-06-05T00:00:00.000Z' });
    const refusal = `${campaignTexts.spacingGap(20)} ${campaignTexts.spacingFix}`;
    let refuse: (() => void) | undefined;
    const fetchMock = stubWithPatch(
      [post, sent],
      () => new Response(null), // replaced below: the refusal waits until the test lets it go
    );
    const answer = fetchMock.getMockImplementation()!;
    let calendarReads = 0;
    fetchMock.mockImplementation(async (input, init = {}) => {
      const path = String(input);
      if (init.method === 'PATCH') {
        await new Promise<void>((resolve) => (refuse = resolve));
        return jsonResponse({ message: refusal, code: 'POST_BREAKS_RULES', field: 'scheduledAt' }, 422);
      }
      // Only the first read answers: where the chip ends up can only come from putting it back.
      if (path.startsWith('/api/posts/calendar') && ++calendarReads > 1)
        return new Promise<Response>(() => {});
      return answer(input, init);
    });
    renderApp('/reddit?view=week&date=2030-06-05', { user: freeUser });
    const chip = await screen.findByRole('button', { name: 'Pending 08:30 AM r/selfie' });
    // A sent post cannot be picked up.
    expect(screen.getByRole('button', { name: 'Sent 09:00 AM r/pics' })).toHaveAttribute(
      'draggable',
      'false',
    );
    fireEvent.dragStart(chip);
    fireEvent.dragOver(slot('2030-06-05', '10:00'));
    fireEvent.drop(slot('2030-06-05', '10:00'));
    // Moved at once while the server thinks.
    expect(slot('2030-06-05', '10:00')).toContainElement(
      await screen.findByRole('button', { name: 'Pending 10:30 AM r/selfie' }),
    );
    await waitFor(() => expect(refuse).toBeDefined());
    refuse!();

    const toastItem = await findToast(calendarPageTexts.notMoved);
    expect(toastItem).toHaveTextContent(refusal);
    expect(slot('2030-06-05', '08:00')).toContainElement(
      screen.getByRole('button', { name: 'Pending 08:30 AM r/selfie' }),
    );
    expect(slot('2030-06-05', '10:00')).toBeEmptyDOMElement();
    expect(screen.getByRole('status')).toHaveTextContent(`“${post.titleFinal}” was not moved: ${refusal}`);
  });

  it('shows an agenda of days on a narrow screen', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(max-width: 639px)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      })),
    );
    stubCalendar([
      makePost({ titleFinal: 'Morning', subreddit: 'selfie', scheduledAt: '2030-06-04T23:30:00.000Z' }),
      makePost({ titleFinal: 'Later', subreddit: 'pics', scheduledAt: '2030-06-07T03:00:00.000Z' }),
    ]);
    renderApp('/reddit?view=week&date=2030-06-05', { user: freeUser });
    const wednesday = await screen.findByRole('heading', { name: 'Wednesday, June 5' });
    expect(screen.getByRole('heading', { name: 'Friday, June 7' })).toBeInTheDocument();
    expect(wednesday.parentElement).toHaveTextContent('Wednesday, June 5Pending 08:30 AM r/selfie Morning');
    expect(document.querySelector('[data-slot]')).toBeNull();
  });
});
