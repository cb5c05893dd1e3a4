import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaErrors, mediaTexts } from '@app/shared/media';
import { renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
import { installFakeXhr } from '../../testing/fake-xhr';
import { findToast, resetAuthState } from '../../testing/auth-api-stub';
import { GalleryPage } from './gallery-page';
import { busyRetryDelayMs } from './hooks/use-upload-queue';
import { fileOf, makeAsset } from '../../testing/media-fixtures';
import { fileInput, findToasts, stubMediaApi } from '../../testing/media-page-helpers';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

const sample = () => [
  makeAsset({ filename: 'Beach-Day.jpg', size: 250_880 }),
  makeAsset({ filename: 'sunset.png', type: 'image/png', mime: 'image/png', size: 1_048_576 }),
  makeAsset({ filename: 'clip.mp4', kind: 'video' }),
];

async function openGallery() {
  renderApp('/gallery', { user: freeUser });
  return screen.findByRole('heading', { level: 2, name: /Your Image Gallery/ });
}

const tagsField = () => screen.getByLabelText('Tags (optional)');

describe('gallery page', () => {
  it('shows the title, the upload card and the images (not videos) with type and size in KB', async () => {
    stubMediaApi(sample());
    const heading = await openGallery();
    expect(screen.getByRole('heading', { level: 1, name: mediaTexts.galleryTitle })).toBeInTheDocument();
    expect(heading).toHaveTextContent(mediaTexts.galleryHeading(2));
    expect(screen.getByText(mediaTexts.uploadPrompt)).toBeInTheDocument();
    expect(screen.getByText(mediaTexts.supportsMultiple)).toBeInTheDocument();
    const input = fileInput(mediaTexts.uploadPrompt);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('multiple');

    const card = screen.getByRole('button', { name: 'View details of Beach-Day.jpg' });
    expect(within(card).getByRole('img', { name: 'Beach-Day.jpg' })).toBeInTheDocument();
    expect(card).toHaveTextContent('image/jpeg');
    expect(card).toHaveTextContent('245 KB');
    expect(screen.getByRole('button', { name: 'View details of sunset.png' })).toHaveTextContent('1,024 KB');
    expect(screen.queryByText('clip.mp4')).not.toBeInTheDocument();
  });

  it('shows the empty state when there are no images', async () => {
    stubMediaApi([makeAsset({ kind: 'video', filename: 'only.mp4' })]);
    expect(await openGallery()).toHaveTextContent(mediaTexts.galleryHeading(0));
    expect(screen.getByText(mediaTexts.emptyGallery)).toBeInTheDocument();
  });

  it('says what went wrong when the list cannot load, and tries again', async () => {
    let fail = true;
    stubMediaApi([], {
      'GET /api/media': () =>
        fail
          ? Response.json({ message: 'boom' }, { status: 503 })
          : Response.json([makeAsset({ filename: 'back.jpg' })]),
    });
    renderApp('/gallery', { user: freeUser });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your images could not be loaded');
    expect(alert).toHaveTextContent('Server error occurred. Please try again in a few moments.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'View details of back.jpg' })).toBeInTheDocument();
  });

  it('filters the grid by a case-insensitive file name match against the tags field', async () => {
    stubMediaApi(sample());
    const user = userEvent.setup();
    await openGallery();
    await user.type(tagsField(), 'BEACH');
    expect(screen.getByRole('heading', { level: 2, name: /Your Image Gallery/ })).toHaveTextContent(
      mediaTexts.galleryHeading(1),
    );
    expect(screen.getByRole('button', { name: 'View details of Beach-Day.jpg' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View details of sunset.png' })).not.toBeInTheDocument();

    await user.clear(tagsField());
    await user.type(tagsField(), 'nothing like it');
    expect(screen.getByText('No image file names contain “nothing like it”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all images' }));
    expect(tagsField()).toHaveValue('');
    expect(screen.getAllByRole('button', { name: /^View details of/ })).toHaveLength(2);
  });

  it('uploads each chosen file with the tags, shows real progress and clears the field', async () => {
    const stored = [makeAsset({ filename: 'old.jpg' })];
    stubMediaApi(stored);
    const xhrs = installFakeXhr();
    const user = userEvent.setup();
    await openGallery();
    await user.type(tagsField(), 'beach, summer');
    await user.upload(fileInput(mediaTexts.uploadPrompt), [
      fileOf('a.png', 'image/png'),
      fileOf('b.png', 'image/png'),
    ]);
    expect(tagsField()).toHaveValue('');

    const [first, second] = [await xhrs.sentRequest(0), await xhrs.sentRequest(1)];
    expect(first.url).toBe('/api/media/upload');
    expect([...first.form.keys()]).toEqual(['tags', 'file']);
    expect(first.form.get('tags')).toBe('beach, summer');
    expect((first.form.get('file') as File).name).toBe('a.png');
    expect((second.form.get('file') as File).name).toBe('b.png');
    expect(second.form.get('tags')).toBe('beach, summer');
    expect(first.form.has('watermark')).toBe(false);
    // The toaster's code arrives with the first toast (decision 033): wait until both are shown.
    await waitFor(async () => {
      const processing = await findToasts(mediaTexts.processingImage);
      expect(processing.map((item) => item.textContent).sort()).toEqual(
        ['a.png', 'b.png'].map((name) => `${mediaTexts.processingImage}${mediaTexts.uploadingFile(name)}`),
      );
    });

    act(() => first.progress(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Uploading a.png' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByRole('progressbar', { name: 'Uploading b.png' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(screen.getByRole('list', { name: 'Uploads' })).toHaveTextContent('40%');

    const uploaded = makeAsset({ filename: 'a.png' });
    stored.unshift(uploaded);
    act(() => first.respond(201, { message: mediaTexts.imageUploadedText, asset: uploaded }));
    expect(await findToast(mediaTexts.imageUploaded)).toHaveTextContent(mediaTexts.imageUploadedText);
    expect(await screen.findByRole('button', { name: 'View details of a.png' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Uploading a.png' })).not.toBeInTheDocument();

    act(() =>
      second.respond(415, { message: mediaErrors.unsupportedType }, { statusText: 'Unsupported Media Type' }),
    );
    expect(await findToast(mediaTexts.uploadFailed)).toHaveTextContent(mediaErrors.unsupportedType);
    expect(screen.getByRole('list', { name: 'Uploads' })).toHaveTextContent(mediaErrors.unsupportedType);
  });

  it('starts only two uploads at a time', async () => {
    stubMediaApi([]);
    const xhrs = installFakeXhr();
    const user = userEvent.setup();
    await openGallery();
    const files = ['1.png', '2.png', '3.png'].map((name) => fileOf(name, 'image/png'));
    await user.upload(fileInput(mediaTexts.uploadPrompt), files);
    const first = await xhrs.sentRequest(0);
    await xhrs.sentRequest(1);
    expect(xhrs.requests).toHaveLength(2);
    expect(screen.getByRole('list', { name: 'Uploads' })).toHaveTextContent('Waiting...');
    act(() => first.respond(201, { message: 'ok', asset: makeAsset({ filename: '1.png' }) }));
    expect(((await xhrs.sentRequest(2)).form.get('file') as File).name).toBe('3.png');
  });

  it('waits and sends a file again when the server says its share of image work is full', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubMediaApi([]);
      const xhrs = installFakeXhr();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await openGallery();
      await user.upload(fileInput(mediaTexts.uploadPrompt), fileOf('busy.png', 'image/png'));
      const first = await xhrs.sentRequest(0);
      act(() => first.respond(429, { message: mediaErrors.imagesStillProcessing, code: 'RATE_LIMITED' }));
      // Not a failure: the row waits, and no error toast is shown.
      expect(await screen.findByRole('list', { name: 'Uploads' })).toHaveTextContent('Waiting...');
      expect(screen.queryByText(mediaTexts.uploadFailed)).not.toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(busyRetryDelayMs.account));
      const again = await xhrs.sentRequest(1);
      expect((again.form.get('file') as File).name).toBe('busy.png');
      act(() => again.respond(201, { message: 'ok', asset: makeAsset({ filename: 'busy.png' }) }));
      await waitFor(() => expect(screen.queryByRole('list', { name: 'Uploads' })).not.toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });

  it('falls back to the spec text when the upload fails without an answer it can read', async () => {
    stubMediaApi([]);
    installFakeXhr((xhr) => xhr.respond(201, { unexpected: true }));
    const user = userEvent.setup();
    await openGallery();
    await user.upload(fileInput(mediaTexts.uploadPrompt), fileOf('a.png', 'image/png'));
    expect(await findToast(mediaTexts.uploadFailed)).toHaveTextContent(mediaTexts.uploadFailedText);
  });

  it('accepts dropped images', async () => {
    stubMediaApi([]);
    const xhrs = installFakeXhr();
    await openGallery();
    const zone = screen.getByText(mediaTexts.uploadPrompt).closest('div')!;
    const dataTransfer = {
      files: [fileOf('dropped.png', 'image/png')],
      types: ['Files'],
      dropEffect: 'none',
    };
    fireEvent.dragEnter(zone, { dataTransfer });
    expect(zone).toHaveAttribute('data-dragging', 'true');
    fireEvent.drop(zone, { dataTransfer });
    expect(((await xhrs.sentRequest(0)).form.get('file') as File).name).toBe('dropped.png');
  });

  it('refuses to upload for someone signed out', async () => {
    stubMediaApi([]);
    const xhrs = installFakeXhr();
    renderApp('/gallery', { routes: [{ path: '/gallery', element: <GalleryPage /> }], user: null });
    await screen.findByRole('heading', { level: 2, name: /Your Image Gallery/ });
    await userEvent.upload(fileInput(mediaTexts.uploadPrompt), fileOf('a.png', 'image/png'));
    expect(await findToast(mediaTexts.pleaseLogIn)).toHaveTextContent(mediaTexts.pleaseLogInText);
    expect(xhrs.requests).toHaveLength(0);
  });
});
