import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpMessages } from '@app/shared/messages';
import { createQueryClient } from '../../lib/query-client';
import { AppProviders } from '../../testing/providers';
import { callsOf, jsonResponse, pagedResponse, stubFetch, type FetchCall } from '../../testing/fetch-stub';
import { makeAsset } from '../../testing/media-fixtures';
import '../../testing/dom-polyfills';
import { GalleryPhotoPicker } from './gallery-photo-picker';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPicker(gallery: (call: FetchCall) => Response, initial = '') {
  const fetchMock = stubFetch((call) => {
    if (call.path.startsWith('/api/media')) return gallery(call);
    throw new Error(`unexpected call ${call.method} ${call.path}`);
  });
  const changes: string[] = [];
  function Picker() {
    const [photoId, setPhotoId] = useState(initial);
    return (
      <GalleryPhotoPicker
        photoId={photoId}
        onChange={(next) => {
          changes.push(next);
          setPhotoId(next);
        }}
        addLabel="Use a gallery photo"
        dialogDescription="Pick the photo to write from."
      />
    );
  }
  const router = createMemoryRouter([{ path: '/', element: <Picker /> }]);
  render(
    <AppProviders queryClient={createQueryClient({ onSessionLost: () => undefined })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { fetchMock, changes };
}

describe('gallery photo picker', () => {
  it('asks the gallery only when opened, offers its photos (not videos) by name, and shows the one picked', async () => {
    const photo = makeAsset({ filename: 'red-robe.jpg' });
    const other = makeAsset({ filename: 'balcony.jpg' });
    const video = makeAsset({ filename: 'clip.mp4', kind: 'video', mime: 'video/mp4', type: 'video/mp4' });
    const { fetchMock, changes } = renderPicker(() => jsonResponse([photo, video, other]));
    const user = userEvent.setup();
    expect(callsOf(fetchMock)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Use a gallery photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a photo' });
    expect(within(dialog).getByText('Pick the photo to write from.')).toBeInTheDocument();
    const choices = await within(dialog).findByRole('list', { name: 'Your photos' });
    const buttons = within(choices).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'red-robe.jpg',
      'balcony.jpg',
    ]);
    expect(buttons.every((button) => button.getAttribute('aria-pressed') === 'false')).toBe(true);

    await user.click(within(choices).getByRole('button', { name: 'red-robe.jpg' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(changes).toEqual([photo.id]);
    expect(screen.getByText('red-robe.jpg')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a gallery photo' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change' }));
    const reopened = await screen.findByRole('dialog', { name: 'Choose a photo' });
    expect(within(reopened).getByRole('button', { name: 'red-robe.jpg' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Remove the photo' }));
    expect(changes).toEqual([photo.id, '']);
    expect(screen.getByRole('button', { name: 'Use a gallery photo' })).toBeInTheDocument();
  });

  it('loads more photos page by page', async () => {
    const photos = Array.from({ length: 60 }, (_, index) => makeAsset({ filename: `p${index}.jpg` }));
    renderPicker((call) => pagedResponse(photos, call));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Use a gallery photo' }));
    const choices = await screen.findByRole('list', { name: 'Your photos' });
    expect(within(choices).getAllByRole('button')).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Load more photos' }));
    expect(await within(choices).findByRole('button', { name: 'p59.jpg' })).toBeInTheDocument();
  });

  it('points to the gallery when it is empty', async () => {
    const user = userEvent.setup();
    renderPicker(() => jsonResponse([]));
    await user.click(screen.getByRole('button', { name: 'Use a gallery photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a photo' });
    expect(
      await within(dialog).findByText(
        'Your gallery has no photos yet. Upload some, then come back to pick one.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open the gallery' })).toHaveAttribute(
      'href',
      '/gallery',
    );
  });

  it('says so when the gallery cannot be read', async () => {
    const user = userEvent.setup();
    renderPicker(() => jsonResponse({ message: 'Your files could not be reached just now.' }, 503));
    await user.click(screen.getByRole('button', { name: 'Use a gallery photo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(httpMessages.serverError);
  });
});
