import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleTexts } from '@app/shared/posts';
import { firstCommentErrors, firstCommentTexts } from '@app/shared/posts-first-comment';
import { renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
import { jsonResponse } from '../../testing/fetch-stub';
import { findToast, resetAuthState, sentBodies, stubApi } from '../../testing/auth-api-stub';
import './reddit-page';
import { accountsResponse, makeAccount, makePost } from './testing/reddit-fixtures';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function stubPosting(posts: ReturnType<typeof makePost>[] = []) {
  return stubApi({
    'GET /api/reddit/accounts': jsonResponse(accountsResponse([makeAccount()])),
    'GET /api/posts/scheduled': () => jsonResponse(posts),
    'POST /api/posts/schedule': (call) => {
      const body = JSON.parse(String(call.init.body)) as { subreddit: string; title: string };
      const post = makePost({ subreddit: body.subreddit, titleFinal: body.title });
      return jsonResponse({ message: scheduleTexts.queuedNow, post, warnings: [] }, 201);
    },
  });
}

describe('/reddit schedule form: first comment', () => {
  it('is an optional, labelled field with help text and a delay menu, sent with the post', async () => {
    const fetchMock = stubPosting();
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });
    const form = await screen.findByRole('form', { name: 'Schedule a post' });
    const comment = within(form).getByLabelText(`${firstCommentTexts.label} (optional)`);
    expect(comment).toHaveAccessibleDescription(firstCommentTexts.help);
    const delay = within(form).getByLabelText(firstCommentTexts.delayLabel);
    // Nothing to time until there is a comment; 2 minutes after is the default.
    expect(delay).toBeDisabled();
    expect(delay).toHaveDisplayValue('2 minutes after');
    expect(
      within(delay)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Right away',
      '1 minute after',
      '2 minutes after',
      '5 minutes after',
      '10 minutes after',
      '30 minutes after',
    ]);

    await user.type(within(form).getByLabelText('Subreddit'), 'selfie');
    await user.type(within(form).getByLabelText('Title'), 'With a comment');
    await user.type(comment, 'More at example.com/me');
    expect(delay).toBeEnabled();
    await user.selectOptions(delay, '10 minutes after');
    await user.click(within(form).getByRole('radio', { name: /^Now/ }));
    await user.click(within(form).getByRole('button', { name: 'Post now' }));
    expect(await findToast(scheduleTexts.scheduled)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/posts/schedule')).toEqual([
      {
        subreddit: 'selfie',
        title: 'With a comment',
        timing: 'now',
        firstComment: 'More at example.com/me',
        firstCommentDelayMinutes: 10,
      },
    ]);
    // The form is ready for the next post.
    expect(comment).toHaveValue('');
  });

  it('sends no first comment when the field is left empty or blank', async () => {
    const fetchMock = stubPosting();
    const user = userEvent.setup();
    renderApp('/reddit', { user: freeUser });
    const form = await screen.findByRole('form', { name: 'Schedule a post' });
    await user.type(within(form).getByLabelText('Subreddit'), 'selfie');
    await user.type(within(form).getByLabelText('Title'), 'No comment');
    await user.type(within(form).getByLabelText(`${firstCommentTexts.label} (optional)`), '   ');
    await user.click(within(form).getByRole('radio', { name: /^Now/ }));
    await user.click(within(form).getByRole('button', { name: 'Post now' }));
    expect(await findToast(scheduleTexts.scheduled)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/posts/schedule')).toEqual([
      { subreddit: 'selfie', title: 'No comment', timing: 'now' },
    ]);
  });

  it("shows each post's first comment: posted with its link, waiting, or failed with the reason", async () => {
    const sentAt = new Date(Date.now() - 600_000).toISOString();
    const base = {
      text: 'example.com/me',
      delayMinutes: 2,
      commentId: null,
      url: null,
      sentAt: null,
      dueAt: null,
    };
    stubPosting([
      makePost({ titleFinal: 'Waiting one', firstComment: { ...base, status: 'pending', error: null } }),
      makePost({
        titleFinal: 'Posted one',
        status: 'sent',
        sentAt,
        scheduledAt: sentAt,
        resultJson: { url: 'https://www.reddit.com/r/selfie/comments/abc/' },
        firstComment: {
          ...base,
          status: 'sent',
          error: null,
          commentId: 'c1',
          url: 'https://www.reddit.com/r/selfie/comments/abc/comment/c1/',
          sentAt,
        },
      }),
      makePost({
        titleFinal: 'Failed one',
        status: 'sent',
        sentAt,
        scheduledAt: sentAt,
        firstComment: { ...base, status: 'failed', error: firstCommentErrors.postGone },
      }),
    ]);
    renderApp('/reddit', { user: freeUser });
    const waiting = await screen.findByRole('article', { name: 'Waiting one' });
    expect(waiting).toHaveTextContent(firstCommentTexts.stateWaiting);
    const posted = screen.getByRole('article', { name: 'Posted one' });
    expect(posted).toHaveTextContent(firstCommentTexts.stateSent);
    expect(within(posted).getByRole('link', { name: /View comment/ })).toHaveAttribute(
      'href',
      'https://www.reddit.com/r/selfie/comments/abc/comment/c1/',
    );
    const failed = screen.getByRole('article', { name: 'Failed one' });
    expect(failed).toHaveTextContent(firstCommentTexts.stateFailed(firstCommentErrors.postGone));
    expect(within(failed).queryByRole('link', { name: /View comment/ })).not.toBeInTheDocument();
  });
});
