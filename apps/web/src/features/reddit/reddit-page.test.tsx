import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aiTexts } from '@app/shared/ai';
import { accessGateTitles } from '@app/shared/messages';
import { scheduleTexts, titleFormatTexts } from '@app/shared/posts';
import { redditTexts } from '@app/shared/reddit';
import { currentUrl, renderApp } from '../../testing/render-app';
import { freeUser, makeUser } from '../../testing/users';
import { callsOf, jsonResponse } from '../../testing/fetch-stub';
import {
  findToast,
  resetAuthState,
  sentBodies,
  stubApi,
  stubLocationAssign,
} from '../../testing/auth-api-stub';
import { connectReturnKey } from './lib/connect-return';
import { redditPageTexts } from './lib/reddit-texts';
// Loaded up front, so the lazy route resolves well within findBy's wait.
import './reddit-page';
import { makeAsset } from '../../testing/media-fixtures';
import { accountsResponse, makeAccount, makePost } from './testing/reddit-fixtures';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const postingCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  callsOf(fetchMock).filter((call) => /\/api\/(reddit\/accounts|posts)/.test(call.path));

async function scheduleForm() {
  return screen.findByRole('form', { name: 'Schedule a post' });
}

describe('/reddit access gate (spec 4)', () => {
  it('invites a visitor to log in', async () => {
    const fetchMock = stubApi({});
    renderApp('/reddit', { user: null });
    expect(await screen.findByRole('heading', { name: 'Log in to post to Reddit' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(postingCalls(fetchMock)).toEqual([]);
  });

  it.each([
    [makeUser({ emailVerified: false }), accessGateTitles.unverified],
    [makeUser({ bannedAt: '2025-01-01T00:00:00Z' }), accessGateTitles.banned],
    [
      makeUser({ suspendedUntil: new Date(Date.now() + 86_400_000).toISOString() }),
      accessGateTitles.suspended,
    ],
  ])('shows the gate without asking the server (%#)', async (user, title) => {
    const fetchMock = stubApi({});
    renderApp('/reddit', { user });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Schedule a post' })).not.toBeInTheDocument();
    expect(postingCalls(fetchMock)).toEqual([]);
  });

  it("shows 'Access currently blocked' when the server refuses with 403", async () => {
    stubApi({
      'GET /api/reddit/accounts': jsonResponse({ message: 'Forbidden', code: 'FORBIDDEN' }, 403),
      'GET /api/posts/scheduled': jsonResponse([]),
    });
    renderApp('/reddit', { user: freeUser });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: accessGateTitles.blocked })).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/reddit accounts', () => {
  it('connects: asks for the Reddit address, remembers the page and goes there', async () => {
    const assign = stubLocationAssign();
    const fetchMock = stubApi({
      'GET /api/reddit/accounts': jsonResponse(accountsResponse([])),
      'GET /api/posts/scheduled': jsonResponse([]),
      'GET /api/reddit/connect': jsonResponse({ authUrl: 'https://reddit.example/authorize?state=s1' }),
    });
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });
    expect(
      await screen.findByRole('heading', { name: 'No Reddit account connected yet' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect Reddit' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://reddit.example/authorize?state=s1'));
    expect(callsOf(fetchMock).some((call) => call.path === '/api/reddit/connect?intent=account-link')).toBe(
      true,
    );
    expect(sessionStorage.getItem(connectReturnKey)).toBe('/');
    expect(screen.getByRole('button', { name: 'Opening Reddit...' })).toBeDisabled();
  });

  it('explains a server without Reddit set up', async () => {
    stubApi({
      'GET /api/reddit/accounts': jsonResponse(accountsResponse([])),
      'GET /api/posts/scheduled': jsonResponse([]),
      'GET /api/reddit/connect': jsonResponse({ message: 'x', code: 'REDDIT_NOT_CONFIGURED' }, 503),
    });
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });
    await user.click(await screen.findByRole('button', { name: 'Connect Reddit' }));
    expect(await findToast('Could not connect Reddit')).toHaveTextContent(redditTexts.notConfigured);
  });

  it('says at the top, before any form, that posting is not set up, and what the admin does', async () => {
    const fetchMock = stubApi({
      'GET /api/reddit/accounts': jsonResponse(accountsResponse([], 1, false)),
      'GET /api/posts/scheduled': jsonResponse([]),
    });
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });
    const notice = await screen.findByRole('region', { name: redditTexts.postingOffTitle });
    expect(notice).toHaveTextContent(redditTexts.postingOffText);
    const form = await scheduleForm();
    // The notice comes first in the page, the form after it.
    expect(notice.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(within(notice).getByText(redditTexts.postingOffAdmin));
    const steps = within(notice)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps).toEqual(redditTexts.postingOffSteps('http://localhost:3000/api/reddit/callback'));
    expect(screen.queryByRole('button', { name: 'Connect Reddit' })).not.toBeInTheDocument();
    expect(screen.getByText(redditPageTexts.connectUnavailable)).toBeInTheDocument();
    expect(callsOf(fetchMock).some((call) => call.path.startsWith('/api/reddit/connect'))).toBe(false);
  });

  it('lists accounts, shows the plan limit and disconnects after confirmation', async () => {
    const account = makeAccount({ username: 'velvet_posts' });
    let accounts = [account];
    const fetchMock = stubApi({
      'GET /api/reddit/accounts': () => jsonResponse(accountsResponse(accounts, 1)),
      'GET /api/posts/scheduled': jsonResponse([]),
      [`DELETE /api/reddit/accounts/${account.id}`]: () => {
        accounts = [];
        return jsonResponse({ message: redditTexts.accountDisconnected });
      },
    });
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });
    const list = await screen.findByRole('list', { name: 'Connected Reddit accounts' });
    expect(list).toHaveTextContent('u/velvet_posts');
    expect(list).toHaveTextContent('1,540 karma');
    expect(screen.getByText(/allows 1 connected Reddit account\. Upgrade/)).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Disconnect u/velvet_posts' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Disconnect u/velvet_posts?' });
    expect(callsOf(fetchMock).filter((call) => call.method === 'DELETE')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Disconnect' }));
    expect(await findToast(redditTexts.accountDisconnected)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'No Reddit account connected yet' }),
    ).toBeInTheDocument();
  });
});

describe('/reddit schedule form', () => {
  function stubPosting(extra: Parameters<typeof stubApi>[0] = {}) {
    const account = makeAccount();
    let posts = [] as ReturnType<typeof makePost>[];
    const fetchMock = stubApi({
      'GET /api/reddit/accounts': jsonResponse(accountsResponse([account])),
      'GET /api/posts/scheduled': () => jsonResponse(posts),
      'POST /api/posts/schedule': (call) => {
        const body = JSON.parse(String(call.init.body)) as {
          subreddit: string;
          title: string;
          scheduledAt?: string;
        };
        const post = makePost({
          subreddit: body.subreddit,
          titleFinal: body.title,
          scheduledAt: body.scheduledAt ?? new Date().toISOString(),
        });
        posts = [post, ...posts];
        return jsonResponse({ message: scheduleTexts.queuedNow, post, warnings: [] }, 201);
      },
      ...extra,
    });
    return fetchMock;
  }

  it("says 'Missing information' and sends nothing without subreddit and title", async () => {
    const fetchMock = stubPosting();
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });
    const form = await scheduleForm();
    await user.click(within(form).getByRole('button', { name: 'Schedule post' }));
    expect(await findToast(scheduleTexts.missingInformationTitle)).toHaveTextContent(
      scheduleTexts.missingInformation,
    );
    expect(within(form).getByLabelText('Subreddit')).toHaveFocus();
    expect(within(form).getByLabelText('Subreddit')).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(fetchMock, 'POST', '/api/posts/schedule')).toEqual([]);
  });

  it('offers the seven time choices and schedules one hour ahead, shown in the list as pending', async () => {
    const fetchMock = stubPosting();
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });
    const form = await scheduleForm();
    const choices = within(form).getAllByRole('radio');
    expect(choices.map((radio) => radio.getAttribute('value'))).toEqual([
      'optimal',
      'now',
      '1h',
      '6h',
      '12h',
      '24h',
      'custom',
    ]);
    expect(within(form).getByRole('group', { name: 'When to post' })).toHaveTextContent(
      /Times are in your time zone, .+\./,
    );

    await user.type(within(form).getByLabelText('Subreddit'), 'r/selfie');
    await user.type(within(form).getByLabelText('Title'), 'Golden hour');
    await user.click(within(form).getByRole('radio', { name: /In 1 hour/ }));
    const before = Date.now();
    await user.click(within(form).getByRole('button', { name: 'Schedule post' }));

    expect(await findToast(scheduleTexts.scheduled)).toHaveTextContent(
      /It goes to r\/selfie (Today|Tomorrow), /,
    );
    const [sent] = sentBodies(fetchMock, 'POST', '/api/posts/schedule') as { scheduledAt: string }[];
    expect(sent).toMatchObject({ subreddit: 'selfie', title: 'Golden hour' });
    const ahead = Date.parse(sent!.scheduledAt) - before;
    expect(ahead).toBeGreaterThan(3_590_000);
    expect(ahead).toBeLessThan(3_610_000);

    const upcoming = await screen.findByRole('list', { name: 'Upcoming' });
    const card = within(upcoming).getByRole('article', { name: 'Golden hour' });
    expect(card).toHaveTextContent('Pending');
    expect(card).toHaveTextContent(/Goes out (Today|Tomorrow), /);
    expect(within(form).getByLabelText('Title')).toHaveValue('');
  });

  it('suggests community names from the communities database while typing', async () => {
    stubPosting({
      'GET /api/reddit/communities': jsonResponse([
        { name: 'selfie', members: 1_200_000 },
        { name: 'RealGirls', members: 3_000_000 },
      ]),
    });
    renderApp('/reddit', { user: freeUser });
    const form = await scheduleForm();
    const field = within(form).getByLabelText('Subreddit');
    await waitFor(() => expect(field).toHaveAttribute('list'));
    const options = document.getElementById(field.getAttribute('list')!)!.querySelectorAll('option');
    expect([...options].map((option) => option.value)).toEqual(['selfie', 'RealGirls']);
  });

  it('attaches a photo from the gallery, so the post goes out as an image post', async () => {
    const photo = makeAsset({ filename: 'balcony.jpg' });
    const video = makeAsset({ filename: 'clip.mp4', kind: 'video', mime: 'video/mp4', type: 'video/mp4' });
    const fetchMock = stubPosting({ 'GET /api/media': jsonResponse([photo, video]) });
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });
    const form = await scheduleForm();
    await user.type(within(form).getByLabelText('Subreddit'), 'selfie');
    await user.type(within(form).getByLabelText('Title'), 'With a photo');
    await user.click(within(form).getByRole('button', { name: 'Add a photo from your gallery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a photo' });
    const choices = await within(dialog).findByRole('list', { name: 'Your photos' });
    expect(
      within(choices)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['balcony.jpg']);
    await user.click(within(choices).getByRole('button', { name: 'balcony.jpg' }));
    expect(await within(form).findByText('balcony.jpg')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Schedule post' }));
    await findToast(scheduleTexts.scheduled);
    expect(sentBodies(fetchMock, 'POST', '/api/posts/schedule')).toEqual([
      { subreddit: 'selfie', title: 'With a photo', timing: 'optimal', imageId: photo.id },
    ]);
  });

  it('opens with the photo the gallery sent (?photo=) and takes it out of the address', async () => {
    const photo = makeAsset({ filename: 'never-posted.jpg' });
    const fetchMock = stubPosting({ 'GET /api/media': jsonResponse([photo]) });
    const user = userEvent.setup();
    const { router } = renderApp(`/reddit?photo=${photo.id}`, { user: freeUser });
    const form = await scheduleForm();
    expect(await within(form).findByText('never-posted.jpg')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl(router)).toBe('/reddit'));
    await user.type(within(form).getByLabelText('Subreddit'), 'selfie');
    await user.type(within(form).getByLabelText('Title'), 'First time here');
    await user.click(within(form).getByRole('button', { name: 'Schedule post' }));
    await findToast(scheduleTexts.scheduled);
    expect(sentBodies(fetchMock, 'POST', '/api/posts/schedule')).toEqual([
      { subreddit: 'selfie', title: 'First time here', timing: 'optimal', imageId: photo.id },
    ]);
  });

  it('writes a title from the chosen photo for the subreddit, into the title field, still editable', async () => {
    const photo = makeAsset({ filename: 'red-robe.jpg' });
    const fetchMock = stubPosting({
      'GET /api/media': jsonResponse([photo]),
      'POST /api/ai/generate': () =>
        jsonResponse({
          content: [
            {
              platform: 'reddit',
              variant: 1,
              titles: ['Red satin robe, lazy sunday [F]', 'Another one'],
              body: '',
              photoInstructions: '',
              hashtags: [],
              confidence: 0.8,
              subreddit: 'selfie',
              generationId: null,
            },
          ],
          model: 'offline-writer-1',
          tokensUsed: 0,
          cached: false,
          provider: 'offline',
          notice: null,
          photo: { mediaId: photo.id, usedAs: 'tags' },
          quota: {
            used: 1,
            limit: 5,
            remaining: 4,
            resetsAt: new Date(Date.now() + 3_600_000).toISOString(),
            plan: 'free',
          },
        }),
    });
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });
    const form = await scheduleForm();
    expect(
      within(form).queryByRole('button', { name: 'Write a title from this photo' }),
    ).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Subreddit'), 'r/selfie');
    await user.click(within(form).getByRole('button', { name: 'Add a photo from your gallery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a photo' });
    await user.click(await within(dialog).findByRole('button', { name: 'red-robe.jpg' }));

    await user.click(within(form).getByRole('button', { name: 'Write a title from this photo' }));
    const title = within(form).getByLabelText('Title');
    await waitFor(() => expect(title).toHaveValue('Red satin robe, lazy sunday [F]'));
    expect(title).toHaveFocus();
    expect(
      within(form).getByText(
        'Written from your prompt and the photo’s tags: the built-in writer does not look at photos.',
      ),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/ai/generate')).toEqual([
      { platforms: ['reddit'], variants: 1, mediaId: photo.id, subreddit: 'selfie' },
    ]);

    await user.type(title, ' edited');
    await user.click(within(form).getByRole('button', { name: 'Schedule post' }));
    await findToast(scheduleTexts.scheduled);
    expect(sentBodies(fetchMock, 'POST', '/api/posts/schedule')).toEqual([
      {
        subreddit: 'selfie',
        title: 'Red satin robe, lazy sunday [F] edited',
        timing: 'optimal',
        imageId: photo.id,
      },
    ]);
  });

  it("says 'Generation failed' with the reason when no title could be written from the photo", async () => {
    const photo = makeAsset({ filename: 'gone.jpg' });
    stubPosting({
      'GET /api/media': jsonResponse([photo]),
      'POST /api/ai/generate': jsonResponse(
        { message: aiTexts.photoNotFound, code: 'NOT_FOUND', field: 'mediaId' },
        404,
      ),
    });
    const user = userEvent.setup();
    renderApp(`/reddit?photo=${photo.id}`, { user: freeUser });
    const form = await scheduleForm();
    await user.click(await within(form).findByRole('button', { name: 'Write a title from this photo' }));
    expect(await findToast(aiTexts.generationFailed)).toHaveTextContent(aiTexts.photoNotFound);
    expect(within(form).getByLabelText('Title')).toHaveValue('');
  });

  it("shows what 'Best time' would pick for the community, in the user's zone", async () => {
    const at = new Date(Date.now() + 5 * 3_600_000);
    stubPosting({
      'GET /api/posts/optimal-time': jsonResponse({
        subreddit: 'selfie',
        bestPostingTimes: ['20:00'],
        scheduledAt: at.toISOString(),
        basis: 'best_posting_times',
        timesBasis: 'yours',
        ownPosts: 9,
      }),
    });
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });
    const form = await scheduleForm();
    await user.type(within(form).getByLabelText('Subreddit'), 'selfie');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const expected = new Intl.DateTimeFormat(undefined, {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
    }).format(at);
    expect(
      await within(form).findByText(new RegExp(`Goes to Reddit (Today|Tomorrow), ${expected}`)),
    ).toHaveTextContent("From your 9 posts here, which now outweigh the community's hours.");
  });

  it("sends timing 'now' and no time for Now", async () => {
    const fetchMock = stubPosting();
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });
    const form = await scheduleForm();
    await user.type(within(form).getByLabelText('Subreddit'), 'selfie');
    await user.type(within(form).getByLabelText('Title'), 'Right now');
    await user.click(within(form).getByRole('radio', { name: /^Now/ }));
    await user.click(within(form).getByRole('button', { name: 'Post now' }));
    expect(await findToast(scheduleTexts.scheduled)).toHaveTextContent(scheduleTexts.queuedNow);
    expect(sentBodies(fetchMock, 'POST', '/api/posts/schedule')).toEqual([
      { subreddit: 'selfie', title: 'Right now', timing: 'now' },
    ]);
  });

  it('refuses a custom time in the past next to the date field', async () => {
    const fetchMock = stubPosting();
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });
    const form = await scheduleForm();
    await user.type(within(form).getByLabelText('Subreddit'), 'selfie');
    await user.type(within(form).getByLabelText('Title'), 'Later');
    await user.click(within(form).getByRole('radio', { name: /Pick a time/ }));
    const field = within(form).getByLabelText('Date and time');
    await user.type(field, '2020-01-01T10:00');
    await user.click(within(form).getByRole('button', { name: 'Schedule post' }));
    expect(await within(form).findByText(scheduleTexts.inPast)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(fetchMock, 'POST', '/api/posts/schedule')).toEqual([]);
  });

  it("shows 'Authentication required' when the session is gone (spec 8)", async () => {
    stubPosting({ 'POST /api/posts/schedule': jsonResponse({ message: 'Access token required' }, 401) });
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });
    const form = await scheduleForm();
    await user.type(within(form).getByLabelText('Subreddit'), 'selfie');
    await user.type(within(form).getByLabelText('Title'), 'Hello');
    await user.click(within(form).getByRole('button', { name: 'Schedule post' }));
    expect(await findToast(scheduleTexts.authRequiredTitle)).toHaveTextContent(scheduleTexts.authRequired);
  });

  it('shows what would get the post removed, with a one-click title fix and the required flair', async () => {
    const fetchMock = stubPosting({
      'POST /api/posts/schedule': jsonResponse(
        {
          message: 'r/selfie would remove it: titles must start with [F].',
          code: 'POST_BREAKS_RULES',
          field: 'title',
        },
        422,
      ),
      'POST /api/posts/check': jsonResponse({
        ok: false,
        checkedLive: true,
        flairRequired: true,
        flairs: [{ id: 'f-oc', text: 'OC' }],
        problems: [
          {
            code: 'title_regex',
            message: 'Titles in r/selfie must start with a gender tag like [F].',
            fix: 'Add [F] at the start of the title.',
            suggestedTitle: '[F] Golden hour',
            severity: 'block',
          },
        ],
      }),
    });
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });
    const form = await scheduleForm();
    await user.type(within(form).getByLabelText('Subreddit'), 'selfie');
    await user.type(within(form).getByLabelText('Title'), 'Golden hour');
    await user.click(within(form).getByRole('button', { name: 'Schedule post' }));

    expect(await findToast('Post not scheduled')).toHaveTextContent('The fixes are shown under the form.');
    const panel = await within(form).findByRole('alert', { name: 'r/selfie would remove this post' });
    expect(await within(panel).findByText('Add [F] at the start of the title.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/posts/check')).toEqual([
      { subreddit: 'selfie', title: 'Golden hour', timing: 'optimal' },
    ]);

    await user.click(within(panel).getByRole('button', { name: /Use this title: “\[F\] Golden hour”/ }));
    expect(within(form).getByLabelText('Title')).toHaveValue('[F] Golden hour');
    await user.selectOptions(within(form).getByLabelText('Flair'), 'OC');
    expect(within(form).getByText('r/selfie requires a flair on every post.')).toBeInTheDocument();
  });
  it('says a title format could not be checked, never that no problems were found (issue 20)', async () => {
    const message = titleFormatTexts.unchecked('selfie', ['^(?=.*\\[F\\])']);
    stubPosting({
      'POST /api/posts/check': jsonResponse({
        ok: true,
        checkedLive: true,
        flairRequired: false,
        flairs: [],
        problems: [
          {
            code: 'title_format_unchecked',
            message,
            fix: titleFormatTexts.uncheckedFix,
            suggestedTitle: null,
            severity: 'warn',
          },
        ],
      }),
    });
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });
    const form = await scheduleForm();
    await user.type(within(form).getByLabelText('Subreddit'), 'selfie');
    await user.type(within(form).getByLabelText('Title'), 'Golden hour');
    await user.click(within(form).getByRole('button', { name: 'Check rules' }));

    const panel = await within(form).findByRole('alert', { name: 'Might be removed' });
    expect(within(panel).getByText(titleFormatTexts.uncheckedBadge)).toBeInTheDocument();
    expect(within(panel).getByText(message)).toBeInTheDocument();
    expect(within(panel).getByText(titleFormatTexts.uncheckedFix)).toBeInTheDocument();
    expect(within(panel).queryByText('Risky')).not.toBeInTheDocument();
    expect(within(form).queryByText('No problems found for r/selfie.')).not.toBeInTheDocument();
  });
});

describe('/reddit scheduled posts list (spec 4 statuses)', () => {
  it('shows pending, sent with its link and failed with the error; cancels after confirmation', async () => {
    const pending = makePost({ titleFinal: 'Waiting one', lastError: 'Reddit is busy', attempts: 1 });
    const sent = makePost({
      titleFinal: 'Live one',
      status: 'sent',
      sentAt: new Date(Date.now() - 60_000).toISOString(),
      scheduledAt: new Date(Date.now() - 120_000).toISOString(),
      resultJson: { url: 'https://www.reddit.com/r/selfie/comments/abc/live_one/' },
      outcome: {
        checkedAt: new Date().toISOString(),
        minutesAfterSending: 15,
        removed: false,
        removedBy: null,
        score: 42,
        comments: 3,
      },
    });
    const failed = makePost({
      titleFinal: 'Failed one',
      status: 'failed',
      scheduledAt: new Date(Date.now() - 300_000).toISOString(),
      resultJson: { error: 'SUBREDDIT_NOTALLOWED: only approved users may post' },
    });
    let posts = [pending, sent, failed];
    const fetchMock = stubApi({
      'GET /api/reddit/accounts': jsonResponse(accountsResponse([makeAccount()])),
      'GET /api/posts/scheduled': () => jsonResponse(posts),
      [`DELETE /api/posts/scheduled/${pending.id}`]: () => {
        posts = posts.filter((post) => post.id !== pending.id);
        return jsonResponse({ message: scheduleTexts.cancelled });
      },
    });
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });

    const live = await screen.findByRole('article', { name: 'Live one' });
    expect(live).toHaveTextContent('Sent');
    expect(within(live).getByRole('link', { name: /View on Reddit/ })).toHaveAttribute(
      'href',
      'https://www.reddit.com/r/selfie/comments/abc/live_one/',
    );
    expect(live).toHaveTextContent('Still up');
    expect(live).toHaveTextContent('42 points');
    // Posts already sent when the page opened are not announced again.
    expect(screen.queryByText('Your post is live on Reddit')).not.toBeInTheDocument();
    const broken = screen.getByRole('article', { name: 'Failed one' });
    expect(broken).toHaveTextContent('Failed');
    expect(broken).toHaveTextContent('SUBREDDIT_NOTALLOWED: only approved users may post');
    expect(within(broken).queryByRole('link', { name: /View on Reddit/ })).not.toBeInTheDocument();
    const waiting = screen.getByRole('article', { name: 'Waiting one' });
    expect(waiting).toHaveTextContent('Pending');
    expect(waiting).toHaveTextContent('we try again automatically');

    await user.click(within(waiting).getByRole('button', { name: 'Cancel post: Waiting one' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel this scheduled post?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel post' }));
    expect(await findToast(scheduleTexts.cancelled)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Waiting one' })).not.toBeInTheDocument(),
    );
    expect(callsOf(fetchMock).filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('sends a later post now on request', async () => {
    const later = makePost({
      titleFinal: 'Tonight',
      scheduledAt: new Date(Date.now() + 6 * 3_600_000).toISOString(),
    });
    const fetchMock = stubApi({
      'GET /api/reddit/accounts': jsonResponse(accountsResponse([makeAccount()])),
      'GET /api/posts/scheduled': jsonResponse([later]),
      [`PATCH /api/posts/scheduled/${later.id}`]: () =>
        jsonResponse({
          message: scheduleTexts.updated,
          post: { ...later, scheduledAt: new Date().toISOString() },
        }),
    });
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });
    await user.click(await screen.findByRole('button', { name: 'Send now: Tonight' }));
    expect(await findToast(scheduleTexts.updated)).toHaveTextContent('It goes to Reddit within a minute.');
    expect(sentBodies(fetchMock, 'PATCH', `/api/posts/scheduled/${later.id}`)).toEqual([
      { scheduledAt: null },
    ]);
  });

  it('edits a pending post in the form and saves only that post (PATCH)', async () => {
    const later = makePost({
      titleFinal: 'Tonnight typo',
      subreddit: 'selfie',
      scheduledAt: new Date(Date.now() + 6 * 3_600_000).toISOString(),
    });
    const fetchMock = stubApi({
      'GET /api/reddit/accounts': jsonResponse(accountsResponse([makeAccount()])),
      'GET /api/posts/scheduled': jsonResponse([later]),
      [`PATCH /api/posts/scheduled/${later.id}`]: (call) => {
        const changes = JSON.parse(String(call.init.body)) as { title: string; scheduledAt: string };
        return jsonResponse({
          message: scheduleTexts.updated,
          post: { ...later, titleFinal: changes.title, scheduledAt: changes.scheduledAt },
        });
      },
    });
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });
    await user.click(await screen.findByRole('button', { name: 'Edit: Tonnight typo' }));
    const form = await screen.findByRole('form', { name: 'Edit scheduled post' });
    expect(within(form).getByLabelText('Title')).toHaveValue('Tonnight typo');
    expect(within(form).getByRole('radio', { name: /Pick a time/ })).toBeChecked();
    expect(
      within(form).queryByRole('button', { name: 'Add a photo from your gallery' }),
    ).not.toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Title'));
    await user.type(within(form).getByLabelText('Title'), 'Tonight');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await findToast(scheduleTexts.updated)).toHaveTextContent(/It goes to r\/selfie/);
    const [changes] = sentBodies(fetchMock, 'PATCH', `/api/posts/scheduled/${later.id}`) as Record<
      string,
      unknown
    >[];
    expect(changes).toMatchObject({ subreddit: 'selfie', title: 'Tonight', body: null });
    // The post keeps its minute (the form works to the minute).
    expect(Math.abs(Date.parse(String(changes!.scheduledAt)) - Date.parse(later.scheduledAt))).toBeLessThan(
      60_000,
    );
    expect(sentBodies(fetchMock, 'POST', '/api/posts/schedule')).toEqual([]);
    expect(await screen.findByRole('form', { name: 'Schedule a post' })).toBeInTheDocument();
  });

  it('stops editing when the post was sent meanwhile', async () => {
    const later = makePost({
      titleFinal: 'Too late',
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    stubApi({
      'GET /api/reddit/accounts': jsonResponse(accountsResponse([makeAccount()])),
      'GET /api/posts/scheduled': jsonResponse([later]),
      [`PATCH /api/posts/scheduled/${later.id}`]: jsonResponse(
        { message: scheduleTexts.notPending, code: 'POST_NOT_PENDING' },
        409,
      ),
    });
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });
    await user.click(await screen.findByRole('button', { name: 'Edit: Too late' }));
    const form = await screen.findByRole('form', { name: 'Edit scheduled post' });
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await findToast('Changes not saved')).toHaveTextContent(scheduleTexts.notPending);
    expect(await screen.findByRole('form', { name: 'Schedule a post' })).toBeInTheDocument();
  });

  it('announces when a watched post goes live, with its link', async () => {
    const post = makePost({ titleFinal: 'Watch me', scheduledAt: new Date().toISOString() });
    let status: 'pending' | 'sent' = 'pending';
    stubApi({
      'GET /api/reddit/accounts': jsonResponse(accountsResponse([makeAccount()])),
      'GET /api/posts/scheduled': () =>
        jsonResponse([
          status === 'pending'
            ? post
            : {
                ...post,
                status,
                sentAt: new Date().toISOString(),
                resultJson: { url: 'https://www.reddit.com/r/selfie/comments/w1/' },
              },
        ]),
    });
    const { queryClient } = renderApp('/reddit', { user: freeUser });
    await screen.findByRole('article', { name: 'Watch me' });
    status = 'sent';
    await queryClient.invalidateQueries({ queryKey: ['/api/posts/scheduled'] });
    const toastItem = await findToast('Your post is live on Reddit');
    expect(toastItem).toHaveTextContent('“Watch me” is up in r/selfie.');
    expect(within(toastItem).getByRole('button', { name: 'View on Reddit' })).toBeInTheDocument();
  });

  it('puts a failed post back into the form with Use again', async () => {
    const failed = makePost({
      titleFinal: 'Try me again',
      subreddit: 'gonewild',
      status: 'failed',
      resultJson: { error: 'nope' },
    });
    stubApi({
      'GET /api/reddit/accounts': jsonResponse(accountsResponse([makeAccount()])),
      'GET /api/posts/scheduled': jsonResponse([failed]),
    });
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });
    await user.click(await screen.findByRole('button', { name: 'Use again: Try me again' }));
    const form = await scheduleForm();
    expect(within(form).getByLabelText('Subreddit')).toHaveValue('gonewild');
    expect(within(form).getByLabelText('Title')).toHaveValue('Try me again');
  });

  it('says so when nothing is scheduled yet', async () => {
    stubApi({
      'GET /api/reddit/accounts': jsonResponse(accountsResponse([makeAccount()])),
      'GET /api/posts/scheduled': jsonResponse([]),
    });
    renderApp('/reddit', { user: freeUser });
    expect(await screen.findByRole('heading', { name: 'Nothing scheduled yet' })).toBeInTheDocument();
  });
});

describe('back from Reddit (spec 4: reddit=connected)', () => {
  it('returns a signed-in user to the page the link started from, confirms and cleans the URL', async () => {
    sessionStorage.setItem(connectReturnKey, '/reddit');
    let accounts = 0;
    stubApi({
      'GET /api/reddit/accounts': () => {
        accounts++;
        return jsonResponse(accountsResponse([makeAccount()]));
      },
      'GET /api/posts/scheduled': jsonResponse([]),
    });
    const { router } = renderApp('/?reddit=connected', { user: freeUser });
    expect(await findToast('Reddit connected')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl(router)).toBe('/reddit'));
    expect(await screen.findByRole('list', { name: 'Connected Reddit accounts' })).toBeInTheDocument();
    expect(accounts).toBeGreaterThanOrEqual(1);
    expect(sessionStorage.getItem(connectReturnKey)).toBeNull();
  });

  it('tells the user when Reddit refused the link', async () => {
    sessionStorage.setItem(connectReturnKey, '/enterprise?tab=scheduler');
    stubApi({
      'GET /api/reddit/accounts': jsonResponse(accountsResponse([])),
      'GET /api/posts/scheduled': jsonResponse([]),
    });
    const { router } = renderApp('/?error=reddit_auth_failed', { user: freeUser });
    expect(await findToast('Could not connect Reddit')).toHaveTextContent(
      'Reddit authentication failed. Please try again.',
    );
    await waitFor(() => expect(currentUrl(router)).toBe('/enterprise?tab=scheduler'));
  });
});
