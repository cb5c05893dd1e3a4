import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { maxUploadBytes, mediaTexts } from '@app/shared/media';
import { renderApp } from '../../../testing/render-app';
import { freeUser } from '../../../testing/users';
import { installFakeXhr } from '../../../testing/fake-xhr';
import { callsOf, jsonResponse } from '../../../testing/fetch-stub';
import { findToast, resetAuthState } from '../../../testing/auth-api-stub';
import { formatDate } from '../../../lib/format/date-time';
import { fileOf, makeAsset, makeUsage } from '../../../testing/media-fixtures';
import { stubMediaApi } from '../../../testing/media-page-helpers';
// Loaded up front, so the lazy /enterprise route resolves well within findBy's one-second wait.
import './enterprise-page';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

const gigabyte = 1024 ** 3;
const uploadPrompt = 'Click to upload images or videos, or drag and drop';

async function openMediaTab() {
  renderApp('/enterprise?tab=media', { user: freeUser });
  return screen.findByRole('heading', { name: /^Media library \(/ });
}

const storageCard = () =>
  screen.getByRole('heading', { name: 'Storage' }).closest<HTMLElement>('.rounded-2xl')!;

describe('enterprise media tab', () => {
  it('shows storage used against the quota without a warning up to 80 percent', async () => {
    stubMediaApi(
      [],
      {},
      makeUsage({ usedBytes: Math.round(1.6 * gigabyte), quotaBytes: 2 * gigabyte, usedPercentage: 80 }),
    );
    await openMediaTab();
    await waitFor(() => expect(storageCard()).toHaveTextContent('1.6 GB of 2 GB used'));
    expect(storageCard()).toHaveTextContent('80%');
    expect(screen.getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute('aria-valuenow', '80');
    expect(storageCard()).not.toHaveTextContent(/almost full/);
  });

  it('warns above 80 percent and says to delete files or upgrade to Pro', async () => {
    stubMediaApi(
      [],
      {},
      makeUsage({ usedBytes: Math.round(1.7 * gigabyte), quotaBytes: 2 * gigabyte, usedPercentage: 85.2 }),
    );
    await openMediaTab();
    const warning = await within(storageCard()).findByRole('status');
    expect(warning).toHaveTextContent('Your storage is almost full (85.2% used).');
    expect(warning).toHaveTextContent(
      'Delete files you no longer need, or upgrade to Pro for 50 GB of storage.',
    );
    expect(within(warning).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
      'href',
      '/checkout?plan=pro',
    );
  });

  it('does not offer Pro to someone who already has its quota', async () => {
    stubMediaApi(
      [],
      {},
      makeUsage({ usedBytes: 45 * gigabyte, quotaBytes: 50 * gigabyte, usedPercentage: 90 }),
    );
    await openMediaTab();
    const warning = await within(storageCard()).findByRole('status');
    expect(warning).toHaveTextContent('Delete files you no longer need to make room for new uploads.');
    expect(within(warning).queryByRole('link')).not.toBeInTheDocument();
  });

  it('lists images and videos with type, size, date and the watermark badge', async () => {
    const image = makeAsset({ filename: 'beach.jpg', size: 2_400_000, hasWatermark: true });
    const video = makeAsset({ filename: 'clip.mp4', kind: 'video', size: 12_000_000 });
    stubMediaApi([image, video]);
    expect(await openMediaTab()).toHaveTextContent('Media library (2 files)');
    const rowOf = (name: string) => screen.getByText(name).closest('li')!;
    expect(within(rowOf('beach.jpg')).getByRole('img', { name: 'beach.jpg' })).toHaveAttribute(
      'src',
      image.thumbnailUrl,
    );
    expect(rowOf('beach.jpg')).toHaveTextContent('image/jpeg');
    expect(rowOf('beach.jpg')).toHaveTextContent('2.3 MB');
    expect(rowOf('beach.jpg')).toHaveTextContent(formatDate(image.createdAt));
    expect(rowOf('beach.jpg')).toHaveTextContent('Watermarked');
    expect(rowOf('clip.mp4').querySelector('video')).toHaveAttribute('aria-label', 'clip.mp4');
    expect(rowOf('clip.mp4')).toHaveTextContent('video/mp4');
    expect(rowOf('clip.mp4')).not.toHaveTextContent('Watermarked');
  });

  it('skips files over 50 MB with a toast and sends the others with watermark=true', async () => {
    stubMediaApi([]);
    const xhrs = installFakeXhr();
    const user = userEvent.setup();
    await openMediaTab();
    const input = screen.getByLabelText(uploadPrompt);
    expect(input).toHaveAttribute('accept', 'image/*,video/*');
    await user.upload(input, [
      fileOf('huge.mp4', 'video/mp4', maxUploadBytes + 1),
      fileOf('ok.mp4', 'video/mp4'),
    ]);

    const toast = await findToast(mediaTexts.fileTooLarge);
    expect(toast).toHaveTextContent('huge.mp4 is larger than 50 MB');
    const xhr = await xhrs.sentRequest(0);
    expect([...xhr.form.keys()]).toEqual(['watermark', 'file']);
    expect(xhr.form.get('watermark')).toBe('true');
    expect((xhr.form.get('file') as File).name).toBe('ok.mp4');
    expect(screen.getByRole('list', { name: 'Uploads' })).toHaveTextContent('huge.mp4');

    act(() => xhr.progress(30, 60));
    expect(screen.getByRole('progressbar', { name: 'Uploading ok.mp4' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    act(() =>
      xhr.respond(201, { message: 'saved', asset: makeAsset({ filename: 'ok.mp4', kind: 'video' }) }),
    );
    expect(await findToast('Upload complete')).toHaveTextContent('ok.mp4');
    expect(xhrs.requests).toHaveLength(1);
  });

  it('shows the server message, or the status text, when an upload fails', async () => {
    stubMediaApi([]);
    const xhrs = installFakeXhr();
    const user = userEvent.setup();
    await openMediaTab();
    await user.upload(screen.getByLabelText(uploadPrompt), fileOf('a.png', 'image/png'));
    act(() =>
      xhrs.requests[0]!.respond(
        413,
        { message: 'Your storage is full.' },
        { statusText: 'Payload Too Large' },
      ),
    );
    expect(await findToast(mediaTexts.uploadFailed)).toHaveTextContent('Your storage is full.');

    await user.upload(screen.getByLabelText(uploadPrompt), fileOf('b.png', 'image/png'));
    const second = await xhrs.sentRequest(1);
    act(() => second.respond(413, '', { statusText: 'Payload Too Large' }));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Uploads' })).toHaveTextContent(
        'Request failed: Payload Too Large',
      ),
    );
  });

  it('deletes an item after confirmation', async () => {
    const stored = [makeAsset({ filename: 'beach.jpg' }), makeAsset({ filename: 'clip.mp4', kind: 'video' })];
    const video = stored[1]!;
    const fetchMock = stubMediaApi(stored, {
      [`DELETE /api/media/${video.id}`]: () => {
        stored.pop();
        return jsonResponse({ message: mediaTexts.imageDeletedText });
      },
    });
    const user = userEvent.setup();
    await openMediaTab();
    await user.click(screen.getByRole('button', { name: 'Delete clip.mp4' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete clip.mp4?' });
    expect(confirm).toHaveAccessibleDescription(mediaTexts.confirmDeleteText('video'));
    expect(callsOf(fetchMock).filter((call) => call.method === 'DELETE')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: mediaTexts.delete }));

    expect(await findToast(mediaTexts.imageDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('clip.mp4')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('beach.jpg')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Media library (1 file)' })).toHaveFocus(),
    );
  });
});
