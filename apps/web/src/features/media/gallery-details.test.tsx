import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { httpMessages } from '@app/shared/messages';
import { imageshieldTexts } from '@app/shared/imageshield';
import { contentRatingTexts, mediaTexts, type ProtectionLevel } from '@app/shared/media';
import { renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
import { callsOf, jsonResponse } from '../../testing/fetch-stub';
import { findToast, resetAuthState, sentBodies } from '../../testing/auth-api-stub';
import { makeReport } from '../../testing/protection-report-fixtures';
import { formatDate } from '../../lib/format/date-time';
// Loaded up front, so the lazy /gallery route resolves well within findBy's one-second wait.
import './gallery-page';
import { makeAsset } from '../../testing/media-fixtures';
import { deferred, detailsDialog, stubMediaApi } from '../../testing/media-page-helpers';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const previewId = '0b5e7c1a-2f3d-4c8e-9a6b-7d1e2f3a4b5c';
const keepRoute = `POST /api/protect-image/previews/${previewId}/keep`;

/** The preview answer; the photo changes only when she keeps it (gallery-protection.test.tsx). */
function previewJson(level: ProtectionLevel, message: string) {
  return jsonResponse({
    previewId,
    message,
    previewUrl: `/api/protect-image/previews/${previewId}/file`,
    protectionLevel: level,
    report: makeReport(),
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
}

async function keepPreview(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const preview = await within(dialog).findByRole('region', { name: imageshieldTexts.previewHeading });
  await user.click(within(preview).getByRole('button', { name: imageshieldTexts.previewKeep }));
  return preview;
}

const actionNames = [
  mediaTexts.quickRepost,
  mediaTexts.quickProtect,
  mediaTexts.lightShield,
  mediaTexts.heavyShield,
  mediaTexts.download,
  mediaTexts.delete,
];

async function openDetails(filename: string) {
  const user = userEvent.setup();
  renderApp('/gallery', { user: freeUser });
  await user.click(await screen.findByRole('button', { name: `View details of ${filename}` }));
  return { user, dialog: await screen.findByRole('dialog', { name: mediaTexts.detailsTitle }) };
}

const dialogButtons = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('button', { hidden: true })
    .filter((button) => button.getAttribute('aria-label') !== 'Close');

describe('image details dialog', () => {
  it('shows the file, its facts, both badges and the six actions; opens from the keyboard too', async () => {
    const image = makeAsset({
      filename: 'beach.jpg',
      size: 250_880,
      protectionLevel: 'heavy',
      isProtected: true,
      lastRepostedAt: '2026-03-14T10:00:00.000Z',
    });
    stubMediaApi([image]);
    const user = userEvent.setup();
    renderApp('/gallery', { user: freeUser });
    const card = await screen.findByRole('button', { name: 'View details of beach.jpg' });
    card.focus();
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: mediaTexts.detailsTitle });
    expect(dialog).toHaveAccessibleDescription('beach.jpg');
    expect(within(dialog).getByRole('img', { name: 'beach.jpg' })).toHaveAttribute('src', image.signedUrl);
    expect(dialog).toHaveTextContent('Typeimage/jpeg');
    expect(dialog).toHaveTextContent('Size245 KB');
    expect(within(dialog).getByText('Created').nextElementSibling?.textContent).not.toBe('');
    expect(within(dialog).getByText(mediaTexts.protectedBadge('heavy'))).toBeInTheDocument();
    expect(dialog).toHaveTextContent(`Reposted ${formatDate('2026-03-14T10:00:00.000Z')}`);
    expect(dialogButtons(dialog).map((button) => button.textContent)).toEqual(actionNames);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(card).toHaveFocus());
  });

  it('shows no badges for an unprotected image that was never reposted', async () => {
    stubMediaApi([makeAsset({ filename: 'plain.jpg' })]);
    const { dialog } = await openDetails('plain.jpg');
    expect(dialog).not.toHaveTextContent('Protected:');
    expect(dialog).not.toHaveTextContent('Reposted');
    expect(dialog).not.toHaveTextContent('Content rating');
  });

  it("shows each photo's content rating on its card and in the details, named for screen readers; nothing while unrated", async () => {
    stubMediaApi([
      makeAsset({ filename: 'bold.jpg', contentRating: 'explicit' }),
      makeAsset({ filename: 'beach.jpg', contentRating: 'suggestive' }),
      makeAsset({ filename: 'calm.jpg', contentRating: 'safe' }),
      makeAsset({ filename: 'new.jpg', contentRating: null }),
    ]);
    const user = userEvent.setup();
    renderApp('/gallery', { user: freeUser });
    const bold = await screen.findByRole('button', { name: 'View details of bold.jpg' });
    expect(bold).toHaveAccessibleDescription(contentRatingTexts.label('explicit'));
    expect(bold).toHaveTextContent('Explicit');
    expect(screen.getByRole('button', { name: 'View details of beach.jpg' })).toHaveAccessibleDescription(
      'Content rating: Suggestive (an automatic guess from the photo)',
    );
    const calm = screen.getByRole('button', { name: 'View details of calm.jpg' });
    expect(calm).toHaveAccessibleDescription(contentRatingTexts.label('safe'));
    expect(calm).toHaveTextContent('Safe');
    const unrated = screen.getByRole('button', { name: 'View details of new.jpg' });
    expect(unrated).not.toHaveAttribute('aria-describedby');
    expect(unrated).not.toHaveTextContent(/Explicit|Suggestive|Safe/);

    await user.click(bold);
    const dialog = await screen.findByRole('dialog', { name: mediaTexts.detailsTitle });
    expect(within(dialog).getByText(contentRatingTexts.label('explicit'))).toBeInTheDocument();
    expect(within(dialog).getByText('Explicit')).toHaveAttribute('aria-hidden', 'true');
  });

  it('protects at the chosen level: busy label, every button waits, then level, flag and new URL', async () => {
    const image = makeAsset({ filename: 'beach.jpg' });
    const answer = deferred<Response>();
    const fetchMock = stubMediaApi([image], {
      [`POST /api/protect-image/${image.id}/preview`]: () => answer.promise,
      [keepRoute]: () =>
        jsonResponse({
          protectedUrl: '/protected/beach.jpg',
          message: imageshieldTexts.previewKept,
          protectionLevel: 'light',
          report: makeReport(),
        }),
    });
    const { user, dialog } = await openDetails('beach.jpg');

    await user.click(within(dialog).getByRole('button', { name: mediaTexts.lightShield }));
    expect(await within(dialog).findByRole('button', { name: mediaTexts.protecting })).toBeDisabled();
    for (const button of dialogButtons(dialog)) expect(button).toBeDisabled();
    expect(sentBodies(fetchMock, 'POST', `/api/protect-image/${image.id}/preview`)).toEqual([
      { protectionLevel: 'light' },
    ]);

    answer.resolve(previewJson('light', 'Shielded lightly.'));
    expect(await keepPreview(user, dialog)).toHaveTextContent('Shielded lightly.');
    expect(await findToast(mediaTexts.imageProtected)).toHaveTextContent(imageshieldTexts.previewKept);
    expect(within(dialog).getByText(mediaTexts.protectedBadge('light'))).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'beach.jpg, protected copy' })).toHaveAttribute(
      'src',
      '/protected/beach.jpg',
    );
    for (const button of dialogButtons(dialog)) expect(button).toBeEnabled();
  });

  it('says protection failed when the answer is not the agreed shape', async () => {
    const image = makeAsset({ filename: 'beach.jpg' });
    stubMediaApi([image], {
      [`POST /api/protect-image/${image.id}/preview`]: () => jsonResponse({ protectedUrl: '/p.jpg' }),
    });
    const { user, dialog } = await openDetails('beach.jpg');
    await user.click(within(dialog).getByRole('button', { name: mediaTexts.quickProtect }));
    expect(await findToast(mediaTexts.protectionFailed)).toHaveTextContent(httpMessages.serverError);
  });

  it('uses the standard level for Quick Protect and the default text when the server sends none', async () => {
    const image = makeAsset({ filename: 'beach.jpg' });
    const fetchMock = stubMediaApi([image], {
      [`POST /api/protect-image/${image.id}/preview`]: () => previewJson('standard', ''),
      [keepRoute]: () =>
        jsonResponse({
          protectedUrl: '/p.jpg',
          message: imageshieldTexts.previewKept,
          protectionLevel: 'standard',
          report: makeReport(),
        }),
    });
    const { user, dialog } = await openDetails('beach.jpg');
    await user.click(within(dialog).getByRole('button', { name: mediaTexts.quickProtect }));
    expect(await keepPreview(user, dialog)).toHaveTextContent(mediaTexts.imageProtectedText);
    await findToast(mediaTexts.imageProtected);
    expect(sentBodies(fetchMock, 'POST', `/api/protect-image/${image.id}/preview`)).toEqual([
      { protectionLevel: 'standard' },
    ]);
    expect(within(dialog).getByText(mediaTexts.protectedBadge('standard'))).toBeInTheDocument();
  });

  it('explains a failed protection', async () => {
    const image = makeAsset({ filename: 'beach.jpg' });
    stubMediaApi([image], {
      [`POST /api/protect-image/${image.id}/preview`]: () =>
        jsonResponse({ message: 'Heavy protection needs the Pro plan.' }, 400),
    });
    const { user, dialog } = await openDetails('beach.jpg');
    await user.click(within(dialog).getByRole('button', { name: mediaTexts.heavyShield }));
    expect(await findToast(mediaTexts.protectionFailed)).toHaveTextContent(
      'Heavy protection needs the Pro plan.',
    );
    expect(dialog).not.toHaveTextContent('Protected:');
  });

  it('queues a repost, showing the busy label, then the reposted badge with the server time', async () => {
    const image = makeAsset({ filename: 'beach.jpg' });
    const answer = deferred<Response>();
    const fetchMock = stubMediaApi([image], { 'POST /api/reddit/quick-repost': () => answer.promise });
    const { user, dialog } = await openDetails('beach.jpg');

    await user.click(within(dialog).getByRole('button', { name: mediaTexts.quickRepost }));
    expect(await within(dialog).findByRole('button', { name: mediaTexts.reposting })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: mediaTexts.quickProtect })).toBeDisabled();
    expect(sentBodies(fetchMock, 'POST', '/api/reddit/quick-repost')).toEqual([{ imageId: image.id }]);

    answer.resolve(jsonResponse({ repostedAt: '2026-04-01T08:00:00.000Z' }));
    expect(await findToast(mediaTexts.repostQueued)).toHaveTextContent(mediaTexts.repostQueuedText);
    expect(dialog).toHaveTextContent(`Reposted ${formatDate('2026-04-01T08:00:00.000Z')}`);
  });

  it("does not repeat 'Repost queued' when that is all the server says", async () => {
    stubMediaApi([makeAsset({ filename: 'beach.jpg' })], {
      'POST /api/reddit/quick-repost': () =>
        jsonResponse(
          {
            message: 'Repost queued',
            repostedAt: '2026-04-01T08:00:00.000Z',
            postId: '6a1c2b9e-8a4d-4c67-9e21-5b7a0d6c4e10',
            subreddit: 'selfie',
            scheduledAt: '2026-04-01T08:00:00.000Z',
            protectedUrl: '/api/media/x/protected',
          },
          201,
        ),
    });
    const { user, dialog } = await openDetails('beach.jpg');
    await user.click(within(dialog).getByRole('button', { name: mediaTexts.quickRepost }));
    const toastItem = await findToast(mediaTexts.repostQueued);
    expect(toastItem.querySelector('[data-description]')).toHaveTextContent(mediaTexts.repostQueuedText);
  });

  it('explains a server without Reddit set up instead of a generic server error', async () => {
    stubMediaApi([makeAsset({ filename: 'beach.jpg' })], {
      'POST /api/reddit/quick-repost': () =>
        jsonResponse({ message: 'Service Unavailable', code: 'REDDIT_NOT_CONFIGURED' }, 503),
    });
    const { user, dialog } = await openDetails('beach.jpg');
    await user.click(within(dialog).getByRole('button', { name: mediaTexts.quickRepost }));
    expect(await findToast(mediaTexts.repostFailed)).toHaveTextContent(
      'Reddit posting is not set up on this server yet.',
    );
  });

  it('offers the Reddit page, with the photo attached, when the photo was never posted', async () => {
    const image = makeAsset({ filename: 'beach.jpg' });
    stubMediaApi([image], {
      'POST /api/reddit/quick-repost': () =>
        jsonResponse(
          {
            message:
              'This photo has not been posted yet, so there is nothing to repost from. Choose a subreddit and a title for it.',
            code: 'REPOST_NEEDS_SUBREDDIT',
          },
          422,
        ),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/gallery', { user: freeUser });
    await user.click(await screen.findByRole('button', { name: 'View details of beach.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: mediaTexts.detailsTitle });
    await user.click(within(dialog).getByRole('button', { name: mediaTexts.quickRepost }));
    const toastItem = await findToast(mediaTexts.repostFailed);
    expect(toastItem).toHaveTextContent('Choose a subreddit and a title for it.');
    // A plain click: jsdom has neither sonner's styles nor the pointer capture its swipe handling uses.
    fireEvent.click(within(toastItem).getByRole('button', { name: 'Choose a subreddit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reddit'));
    expect(router.state.location.search).toBe(`?photo=${image.id}`);
  });

  it('reports a failed repost', async () => {
    stubMediaApi([makeAsset({ filename: 'beach.jpg' })], {
      'POST /api/reddit/quick-repost': () =>
        jsonResponse({ message: 'Connect your Reddit account first.' }, 409),
    });
    const { user, dialog } = await openDetails('beach.jpg');
    await user.click(within(dialog).getByRole('button', { name: mediaTexts.quickRepost }));
    expect(await findToast(mediaTexts.repostFailed)).toHaveTextContent('Connect your Reddit account first.');
  });

  it('asks before deleting, shows Deleting... while it runs, then closes and removes the image', async () => {
    const stored = [makeAsset({ filename: 'beach.jpg' }), makeAsset({ filename: 'keep.jpg' })];
    const target = stored[0]!;
    const answer = deferred<Response>();
    const fetchMock = stubMediaApi(stored, { [`DELETE /api/media/${target.id}`]: () => answer.promise });
    const { user, dialog } = await openDetails('beach.jpg');
    const deleteCalls = () => callsOf(fetchMock).filter((call) => call.method === 'DELETE');

    await user.click(within(dialog).getByRole('button', { name: mediaTexts.delete }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete beach.jpg?' });
    expect(confirm).toHaveAccessibleDescription(mediaTexts.confirmDeleteText('image'));
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: mediaTexts.delete })).toHaveFocus(),
    );
    expect(deleteCalls()).toHaveLength(0);

    await user.click(within(detailsDialog()).getByRole('button', { name: mediaTexts.delete }));
    confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: mediaTexts.delete }));
    expect(await within(confirm).findByRole('button', { name: mediaTexts.deleting })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: mediaTexts.deleting, hidden: true })).toBeDisabled();
    expect(deleteCalls()).toHaveLength(1);

    stored.shift();
    answer.resolve(jsonResponse({ message: 'Gone for good.' }));
    expect(await findToast(mediaTexts.imageDeleted)).toHaveTextContent('Gone for good.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View details of beach.jpg' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View details of keep.jpg' })).toBeInTheDocument();
    const heading = screen.getByRole('heading', { level: 2, name: mediaTexts.galleryHeading(1) });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('keeps the image and explains a failed delete', async () => {
    const image = makeAsset({ filename: 'beach.jpg' });
    stubMediaApi([image], {
      [`DELETE /api/media/${image.id}`]: () => jsonResponse({ message: 'gone' }, 404),
    });
    const { user, dialog } = await openDetails('beach.jpg');
    await user.click(within(dialog).getByRole('button', { name: mediaTexts.delete }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: mediaTexts.delete }),
    );
    expect(await findToast(mediaTexts.deleteFailed)).toHaveTextContent(httpMessages.notFound);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: mediaTexts.detailsTitle })).toBeInTheDocument();
  });

  it('downloads the file under its own name', async () => {
    const image = makeAsset({ filename: 'beach.jpg' });
    const fetchMock = stubMediaApi([image], {
      [`GET /api/media/${image.id}/file/original`]: () => new Response('bytes'),
    });
    // jsdom has no object URLs; these stand-ins are put back after the test.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:beach';
    URL.revokeObjectURL = () => undefined;
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user, dialog } = await openDetails('beach.jpg');
    await user.click(within(dialog).getByRole('button', { name: mediaTexts.download }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe('beach.jpg');
    expect(clicked[0]?.getAttribute('href')).toBe('blob:beach');
    expect(callsOf(fetchMock).some((call) => call.path === image.downloadUrl)).toBe(true);
  });

  it('says when a download fails', async () => {
    stubMediaApi([makeAsset({ filename: 'beach.jpg' })]);
    const { user, dialog } = await openDetails('beach.jpg');
    await user.click(within(dialog).getByRole('button', { name: mediaTexts.download }));
    expect(await findToast(mediaTexts.downloadFailed)).toHaveTextContent(mediaTexts.downloadFailedText);
  });
});
