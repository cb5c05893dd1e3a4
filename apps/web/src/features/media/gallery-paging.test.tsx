import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaTexts } from '@app/shared/media';
import { renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
import { callsOf, pagedResponse } from '../../testing/fetch-stub';
import { resetAuthState } from '../../testing/auth-api-stub';
import { stubIntersectionObserver } from '../../testing/intersection-observer-stub';
import { makeAsset, makeUsage } from '../../testing/media-fixtures';
import { stubMediaApi } from '../../testing/media-page-helpers';
// Loaded up front, so the lazy /gallery route resolves well within findBy's wait.
import './gallery-page';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

const photos = (count: number) =>
  Array.from({ length: count }, (_, index) => makeAsset({ filename: `photo-${index + 1}.jpg` }));

function stubPagedGallery(assets: ReturnType<typeof photos>) {
  return stubMediaApi(
    assets,
    { 'GET /api/media': (call) => pagedResponse(assets, call) },
    makeUsage({
      assetsCount: assets.length,
    }),
  );
}

const mediaCalls = (fetchMock: ReturnType<typeof stubMediaApi>) =>
  callsOf(fetchMock)
    .map((call) => call.path)
    .filter((path) => path.startsWith('/api/media') && !path.startsWith('/api/media/'));

const heading = () => screen.getByRole('heading', { level: 2, name: /Your Image Gallery/ });

describe('gallery pages (decision 032)', () => {
  it('loads the next page with the cursor the last one named when the end scrolls into view', async () => {
    const view = stubIntersectionObserver();
    const fetchMock = stubPagedGallery(photos(120));
    renderApp('/gallery', { user: freeUser });
    await screen.findByRole('button', { name: 'View details of photo-50.jpg' });
    // The count comes from the storage usage while pages are still to come, not from the first page.
    await waitFor(() => expect(heading()).toHaveTextContent(mediaTexts.galleryHeading(120)));
    expect(screen.queryByRole('button', { name: 'View details of photo-51.jpg' })).not.toBeInTheDocument();

    await waitFor(() => expect(view.watched).toBe(1));
    view.scrollIntoView();
    await screen.findByRole('button', { name: 'View details of photo-100.jpg' });
    await waitFor(() => expect(view.watched).toBe(1));
    view.scrollIntoView();
    await screen.findByRole('button', { name: 'View details of photo-120.jpg' });
    expect(mediaCalls(fetchMock)).toEqual([
      '/api/media',
      '/api/media?cursor=after-50',
      '/api/media?cursor=after-100',
    ]);

    // The last page named no next one: nothing is watched and nothing more is asked for.
    await waitFor(() => expect(view.watched).toBe(0));
    view.scrollIntoView();
    expect(screen.queryByRole('button', { name: 'Load more images' })).not.toBeInTheDocument();
    expect(mediaCalls(fetchMock)).toHaveLength(3);
    expect(screen.getByText('That is all your images.')).toBeInTheDocument();
    expect(heading()).toHaveTextContent(mediaTexts.galleryHeading(120));
  });

  it('asks for no second page when the first one sends no X-Next-Cursor', async () => {
    const view = stubIntersectionObserver();
    const fetchMock = stubPagedGallery(photos(7));
    renderApp('/gallery', { user: freeUser });
    await screen.findByRole('button', { name: 'View details of photo-7.jpg' });
    view.scrollIntoView();
    expect(view.watched).toBe(0);
    expect(screen.queryByRole('button', { name: 'Load more images' })).not.toBeInTheDocument();
    expect(mediaCalls(fetchMock)).toEqual(['/api/media']);
  });

  it('offers a Load more button that does the same from the keyboard, and keeps its focus', async () => {
    const fetchMock = stubPagedGallery(photos(60));
    const user = userEvent.setup();
    renderApp('/gallery', { user: freeUser });
    const more = await screen.findByRole('button', { name: 'Load more images' });
    more.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'View details of photo-60.jpg' });
    expect(mediaCalls(fetchMock)).toEqual(['/api/media', '/api/media?cursor=after-50']);
    // The button went with the last page; focus is not thrown back to the top of the page.
    await waitFor(() => expect(screen.getByText('That is all your images.')).toHaveFocus());
  });

  it('keeps reading pages while a file name filter finds nothing in those loaded so far', async () => {
    const view = stubIntersectionObserver();
    const assets = photos(120);
    assets[110] = makeAsset({ filename: 'needle.jpg' });
    const fetchMock = stubPagedGallery(assets);
    const user = userEvent.setup();
    renderApp('/gallery', { user: freeUser });
    await screen.findByRole('button', { name: 'View details of photo-1.jpg' });
    await user.type(screen.getByLabelText('Tags (optional)'), 'needle');
    expect(await screen.findByText('Looking through your older images...')).toBeInTheDocument();
    // Nothing shows, so the end of the list stays in view: page after page is read, unasked.
    view.keepInView();
    expect(await screen.findByRole('button', { name: 'View details of needle.jpg' })).toBeInTheDocument();
    expect(mediaCalls(fetchMock)).toEqual([
      '/api/media',
      '/api/media?cursor=after-50',
      '/api/media?cursor=after-100',
    ]);
    expect(heading()).toHaveTextContent(mediaTexts.galleryHeading(1));
  });
});
