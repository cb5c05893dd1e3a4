import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leakTraceTexts, type TraceResult } from '@app/shared/leak-trace';
import { callsOf, jsonResponse } from '../../testing/fetch-stub';
import { resetAuthState, stubApi } from '../../testing/auth-api-stub';
import { currentUrl, renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
// Loaded up front, so the lazy route resolves well within findBy's wait.
import './leak-trace-page';
import { newLeakCasePath } from './lib/takedown-link';

const postedCopy: TraceResult['copy'] = {
  copyId: 'copy-1',
  markHex: '00a1b2c3d4e5',
  kind: 'post',
  mediaAssetId: 'asset-1',
  fileName: 'golden-hour.jpg',
  postId: 'post-1',
  subreddit: 'goldenhour',
  campaignId: null,
  redditAccount: 'sunny_posts',
  postUrl: 'https://www.reddit.com/r/goldenhour/comments/abc/golden/',
  madeAt: '2026-03-13T09:00:00.000Z',
  sentAt: '2026-03-14T10:00:00.000Z',
  thumbnailUrl: '/api/media/asset-1/file/thumbnail?sig=x',
};

const markAnswer: TraceResult = {
  method: 'mark',
  confidence: 0.98,
  summary: leakTraceTexts.markFound(postedCopy!),
  copy: postedCopy,
  hashDistances: [],
  tracedAt: '2026-03-20T08:00:00.000Z',
};

const noneAnswer: TraceResult = {
  method: 'none',
  confidence: 0,
  summary: leakTraceTexts.none,
  copy: null,
  hashDistances: [],
  tracedAt: '2026-03-20T08:00:00.000Z',
};

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const picture = () => new File(['found pixels'], 'found.jpg', { type: 'image/jpeg' });

async function openPage(answer: (call: unknown) => Response) {
  const fetchMock = stubApi({ 'POST /api/leaks/trace': answer });
  const events = userEvent.setup({ applyAccept: false });
  const { router } = renderApp('/leaks/trace', { user: freeUser });
  await screen.findByRole('heading', { level: 1, name: leakTraceTexts.pageTitle });
  return { fetchMock, events, router };
}

describe('/leaks/trace', () => {
  it('never says 100% sure: a certain-looking mark reads "over 99.9%", and near-certain rounds down', async () => {
    for (const [confidence, words] of [
      [1, /invisible mark \(over 99\.9% sure\)/],
      [0.996, /invisible mark \(99% sure\)/],
    ] as const) {
      const { events } = await openPage(() => jsonResponse({ ...markAnswer, confidence }));
      await events.upload(screen.getByLabelText(leakTraceTexts.chooseFile), picture());
      const heading = await screen.findByRole('heading', { name: leakTraceTexts.resultHeading });
      const result = heading.closest('[aria-live]') as HTMLElement;
      expect(within(result).getByText(words)).toBeInTheDocument();
      expect(within(result).queryByText(/100% sure/)).toBeNull();
      cleanup();
    }
  });

  it('traces an uploaded picture and answers in plain words, with the copy, its post and the way to a takedown', async () => {
    const { fetchMock, events, router } = await openPage(() => jsonResponse(markAnswer));
    expect(screen.getByText(leakTraceTexts.privacy)).toBeInTheDocument();

    await events.upload(screen.getByLabelText(leakTraceTexts.chooseFile), picture());
    const heading = await screen.findByRole('heading', { name: leakTraceTexts.resultHeading });
    await waitFor(() => expect(heading).toHaveFocus());
    const [call] = callsOf(fetchMock).filter((c) => c.path === '/api/leaks/trace');
    expect(call!.method).toBe('POST');
    expect((call!.init.body as FormData).get('file')).toBeInstanceOf(File);

    const result = heading.closest('[aria-live]') as HTMLElement;
    expect(result).toHaveAttribute('aria-live', 'polite');
    expect(within(result).getByText(markAnswer.summary)).toBeInTheDocument();
    expect(markAnswer.summary).toBe(
      'This is the copy you posted to r/goldenhour on Mar 14, 2026 from u/sunny_posts.',
    );
    expect(within(result).getByText(/invisible mark \(98% sure\)/)).toBeInTheDocument();
    expect(within(result).getByText('r/goldenhour')).toBeInTheDocument();
    expect(within(result).getByText('u/sunny_posts')).toBeInTheDocument();
    expect(within(result).getByRole('img', { name: 'Your photo golden-hour.jpg' })).toHaveAttribute(
      'src',
      postedCopy!.thumbnailUrl,
    );
    expect(within(result).getByRole('link', { name: leakTraceTexts.openPost })).toHaveAttribute(
      'href',
      postedCopy!.postUrl,
    );

    // The takedown link takes the whole answer along as the case's evidence.
    const takedown = within(result).getByRole('link', { name: leakTraceTexts.startTakedown });
    expect(takedown).toHaveAttribute('href', newLeakCasePath);
    await events.click(takedown);
    await waitFor(() => expect(currentUrl(router)).toBe(newLeakCasePath));
    expect(router.state.location.state).toEqual({ trace: markAnswer });
  });

  it('says so when nothing of hers matched, offers no takedown, and lets her trace another', async () => {
    const { events } = await openPage(() => jsonResponse(noneAnswer));
    await events.upload(screen.getByLabelText(leakTraceTexts.chooseFile), picture());
    expect(await screen.findByText(leakTraceTexts.none)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: leakTraceTexts.startTakedown })).toBeNull();

    await events.click(screen.getByRole('button', { name: leakTraceTexts.traceAnother }));
    expect(screen.queryByText(leakTraceTexts.none)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Your found picture' })).toHaveFocus();
  });

  it('shows the server’s reason when a picture is refused', async () => {
    const { events } = await openPage(() =>
      jsonResponse({ message: leakTraceTexts.onlyImages, code: 'UNSUPPORTED_MEDIA_TYPE' }, 415),
    );
    await events.upload(screen.getByLabelText(leakTraceTexts.chooseFile), picture());
    expect(await screen.findByRole('alert')).toHaveTextContent(leakTraceTexts.onlyImages);
  });
});
