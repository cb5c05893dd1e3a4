import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { photoCopyTexts, type PhotoCopy } from '@app/shared/leak-trace';
import { mediaTexts } from '@app/shared/media';
import { renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
import { callsOf, jsonResponse } from '../../testing/fetch-stub';
import { findToast, resetAuthState } from '../../testing/auth-api-stub';
import { formatDate } from '../../lib/format/date-time';
// Loaded up front, so the lazy /gallery route resolves well within findBy's one-second wait.
import './gallery-page';
import { makeAsset } from '../../testing/media-fixtures';
import { stubMediaApi } from '../../testing/media-page-helpers';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const current: PhotoCopy = {
  copyId: 'copy-now',
  markHex: '000000000002',
  madeAt: '2026-04-03T10:00:00.000Z',
  protectionLevel: 'heavy',
  bytes: 204_800,
  current: true,
  fileDeleted: false,
  posts: [],
};
const earlier: PhotoCopy = {
  copyId: 'copy-before',
  markHex: '000000000001',
  madeAt: '2026-04-01T10:00:00.000Z',
  protectionLevel: 'light',
  bytes: 102_400,
  current: false,
  fileDeleted: false,
  posts: [
    {
      postId: 'post-1',
      subreddit: 'beachlife',
      redditAccount: 'sunny',
      sentAt: '2026-04-02T12:00:00.000Z',
      postUrl: 'https://www.reddit.com/r/beachlife/comments/abc/beach/',
    },
  ],
};

describe('the copies of a protected photo in its details', () => {
  it('lists the current and earlier copies with where each was posted, and deletes an earlier one', async () => {
    const image = makeAsset({
      filename: 'beach.jpg',
      isProtected: true,
      protectionLevel: 'heavy',
    });
    let deleted = false;
    const fetchMock = stubMediaApi([image], {
      [`GET /api/media/${image.id}/copies`]: () =>
        jsonResponse({ copies: [current, deleted ? { ...earlier, fileDeleted: true, bytes: 0 } : earlier] }),
      'DELETE /api/leaks/copies/copy-before': () => {
        deleted = true;
        return jsonResponse({ message: photoCopyTexts.deleted });
      },
    });
    const user = userEvent.setup();
    renderApp('/gallery', { user: freeUser });
    await user.click(await screen.findByRole('button', { name: 'View details of beach.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: mediaTexts.detailsTitle });
    const section = await within(dialog).findByRole('region', { name: 'Copies of this photo' });
    const items = within(section)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.parentElement === section);
    expect(items[0]).toHaveTextContent(`Current copy · made ${formatDate(current.madeAt)}`);
    expect(items[0]).toHaveTextContent('Not posted.');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent(`Earlier copy · made ${formatDate(earlier.madeAt)}`);
    expect(items[1]).toHaveTextContent(
      `r/beachlife from u/sunny on ${formatDate(earlier.posts[0]!.sentAt!)}`,
    );
    expect(within(items[1]!).getByRole('link', { name: 'r/beachlife' })).toHaveAttribute(
      'href',
      earlier.posts[0]!.postUrl,
    );

    await user.click(
      within(items[1]!).getByRole('button', {
        name: `Delete the earlier copy made ${formatDate(earlier.madeAt)}`,
      }),
    );
    await findToast(photoCopyTexts.deleted);
    await waitFor(() => expect(section).toHaveTextContent('Earlier copy (file deleted)'));
    expect(callsOf(fetchMock).filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});
