import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { imageshieldTexts } from '@app/shared/imageshield';
import { mediaTexts, type MediaAsset, type ProtectionLevel } from '@app/shared/media';
import type { User } from '@app/shared/user';
import { renderApp } from '../../testing/render-app';
import { adminUser, freeUser, proUser, starterUser } from '../../testing/users';
import { callsOf, jsonResponse } from '../../testing/fetch-stub';
import { findToast, resetAuthState, sentBodies } from '../../testing/auth-api-stub';
import { makeReport } from '../../testing/protection-report-fixtures';
// Loaded up front, so the lazy /gallery route resolves well within findBy's one-second wait.
import './gallery-page';
import { makeAsset } from '../../testing/media-fixtures';
import { stubMediaApi } from '../../testing/media-page-helpers';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

let cardText = '';

const protectedUrl = (id: string) => `/api/media/${id}/file/protected?exp=1&sig=p&v=abc`;

function protectedAsset(overrides: Partial<MediaAsset> = {}): MediaAsset {
  const asset = makeAsset({ filename: 'beach.jpg', ...overrides });
  return {
    ...asset,
    isProtected: true,
    protectionLevel: 'standard',
    protectedUrl: protectedUrl(asset.id),
    protectionReport: makeReport({ watermarked: true, attempts: 2 }),
    ...overrides,
  };
}

function protectAnswer(level: ProtectionLevel, report = makeReport()) {
  return jsonResponse({
    message: mediaTexts.imageProtectedText,
    protectedUrl: '/protected/new.jpg',
    protectionLevel: level,
    report,
  });
}

const previewId = '6f1c0d2e-4b7a-4e9b-9a53-2d8e1f0c7b11';

function previewAnswer(level: ProtectionLevel, report = makeReport()) {
  return jsonResponse({
    previewId,
    message: 'Measured: no fingerprint matches the original.',
    previewUrl: `/api/protect-image/previews/${previewId}/file`,
    protectionLevel: level,
    report,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
}

const previewRoute = (id: string) => `POST /api/protect-image/${id}/preview`;
const keepRoute = `POST /api/protect-image/previews/${previewId}/keep`;

async function openDetails(filename: string, sessionUser: User = freeUser) {
  const user = userEvent.setup();
  renderApp('/gallery', { user: sessionUser });
  const card = await screen.findByRole('button', { name: `View details of ${filename}` });
  cardText = card.textContent ?? '';
  await user.click(card);
  return { user, dialog: await screen.findByRole('dialog', { name: mediaTexts.detailsTitle }) };
}

describe('image details: protection', () => {
  it('shows the listed report and the protected copy, with the original one toggle away', async () => {
    const image = protectedAsset();
    stubMediaApi([image]);
    const { user, dialog } = await openDetails('beach.jpg');

    expect(cardText).toContain(mediaTexts.protectedBadge('standard'));
    const panel = within(dialog).getByRole('region', {
      name: 'Fingerprint check: no match found by any of 6 detectors',
    });
    expect(panel).toHaveTextContent('Passed after 2 attempts');
    expect(panel).toHaveTextContent('Watermark added');
    expect(panel).toHaveTextContent(imageshieldTexts.scope);

    const compare = within(dialog).getByRole('group', { name: 'Compare with the original' });
    expect(within(compare).getByRole('button', { name: 'Protected' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(dialog).getByRole('img', { name: 'beach.jpg, protected copy' })).toHaveAttribute(
      'src',
      image.protectedUrl,
    );
    await user.click(within(compare).getByRole('button', { name: 'Original' }));
    expect(within(dialog).getByRole('img', { name: 'beach.jpg, original' })).toHaveAttribute(
      'src',
      image.signedUrl,
    );
    expect(within(compare).getByRole('button', { name: 'Original' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the measured result of a new protection and switches back to the protected copy', async () => {
    const image = protectedAsset();
    const report = makeReport({ matched: ['phash'], attempts: 4, watermarked: true });
    stubMediaApi([image], {
      [previewRoute(image.id)]: () => previewAnswer('heavy', report),
      [keepRoute]: () => protectAnswer('heavy', report),
    });
    const { user, dialog } = await openDetails('beach.jpg');
    await user.click(within(dialog).getByRole('button', { name: 'Original' }));
    await user.click(within(dialog).getByRole('button', { name: mediaTexts.heavyShield }));
    const preview = await within(dialog).findByRole('region', { name: imageshieldTexts.previewHeading });
    await user.click(within(preview).getByRole('button', { name: imageshieldTexts.previewKeep }));

    expect(await within(dialog).findByRole('region', { name: 'Still matched by pHash' })).toHaveTextContent(
      'Still matched after 4 attempts',
    );
    expect(within(dialog).getByText(mediaTexts.protectedBadge('heavy'))).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'beach.jpg, protected copy' })).toHaveAttribute(
      'src',
      '/protected/new.jpg',
    );
    expect(within(dialog).getByRole('button', { name: 'Protected' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('tells Free users their copies are always watermarked, and sends no choice', async () => {
    const image = makeAsset({ filename: 'beach.jpg' });
    const fetchMock = stubMediaApi([image], {
      [previewRoute(image.id)]: () => previewAnswer('standard'),
    });
    const { user, dialog } = await openDetails('beach.jpg', freeUser);
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('On the Free plan every protected copy carries your watermark.');
    expect(within(dialog).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/settings');

    await user.click(within(dialog).getByRole('button', { name: mediaTexts.quickProtect }));
    await within(dialog).findByRole('region', { name: imageshieldTexts.previewHeading });
    expect(sentBodies(fetchMock, 'POST', `/api/protect-image/${image.id}/preview`)).toEqual([
      { protectionLevel: 'standard' },
    ]);
  });

  it.each([
    ['starter', starterUser],
    ['admin', adminUser],
  ])('lets a %s user add the watermark', async (_name, sessionUser) => {
    const image = makeAsset({ filename: 'beach.jpg' });
    const fetchMock = stubMediaApi([image], {
      [previewRoute(image.id)]: () => previewAnswer('light'),
    });
    const { user, dialog } = await openDetails('beach.jpg', sessionUser);
    expect(dialog).not.toHaveTextContent('On the Free plan');
    const checkbox = within(dialog).getByRole('checkbox', { name: 'Add my watermark' });
    expect(checkbox).not.toBeChecked();
    expect(checkbox).toHaveAccessibleDescription(
      `Puts your watermark text from Settings (or © ${sessionUser.username} when none is set) in a corner of the next protected copy.`,
    );
    await user.click(checkbox);
    await user.click(within(dialog).getByRole('button', { name: mediaTexts.lightShield }));
    await within(dialog).findByRole('region', { name: imageshieldTexts.previewHeading });
    expect(sentBodies(fetchMock, 'POST', `/api/protect-image/${image.id}/preview`)).toEqual([
      { protectionLevel: 'light', watermark: true },
    ]);
  });

  it('sends watermark false when a paid user leaves it off, remembering the last choice', async () => {
    const image = protectedAsset({ protectionReport: makeReport({ watermarked: true }) });
    const fetchMock = stubMediaApi([image], {
      [previewRoute(image.id)]: () => previewAnswer('heavy'),
    });
    const { user, dialog } = await openDetails('beach.jpg', proUser);
    const checkbox = within(dialog).getByRole('checkbox', { name: 'Add my watermark' });
    expect(checkbox).toBeChecked();
    await user.click(checkbox);
    await user.click(within(dialog).getByRole('button', { name: mediaTexts.heavyShield }));
    await within(dialog).findByRole('region', { name: imageshieldTexts.previewHeading });
    expect(sentBodies(fetchMock, 'POST', `/api/protect-image/${image.id}/preview`)).toEqual([
      { protectionLevel: 'heavy', watermark: false },
    ]);
  });

  it('shows the protected preview beside the original at the same size; nothing changes until she keeps it', async () => {
    const image = protectedAsset();
    const fetchMock = stubMediaApi([image], {
      [previewRoute(image.id)]: () => previewAnswer('light'),
      [keepRoute]: () => protectAnswer('light'),
    });
    const { user, dialog } = await openDetails('beach.jpg', proUser);
    await user.click(within(dialog).getByRole('button', { name: mediaTexts.lightShield }));
    const preview = await within(dialog).findByRole('region', { name: imageshieldTexts.previewHeading });
    const original = within(preview).getByRole('img', { name: 'beach.jpg, original' });
    const protectedPreview = within(preview).getByRole('img', { name: 'beach.jpg, protected preview' });
    expect(original).toHaveAttribute('src', image.signedUrl);
    expect(protectedPreview).toHaveAttribute('src', `/api/protect-image/previews/${previewId}/file`);
    expect(original.parentElement?.className).toBe(protectedPreview.parentElement?.className);
    expect(preview).toHaveTextContent(imageshieldTexts.previewExpires);
    // While she chooses, the photo's other actions wait and its current copy is not replaced.
    expect(within(dialog).getByRole('button', { name: mediaTexts.heavyShield })).toBeDisabled();
    expect(callsOf(fetchMock).some((call) => call.path.endsWith('/keep'))).toBe(false);

    await user.click(within(preview).getByRole('button', { name: imageshieldTexts.previewKeep }));
    await findToast(mediaTexts.imageProtected);
    expect(within(dialog).queryByRole('region', { name: imageshieldTexts.previewHeading })).toBeNull();
    expect(within(dialog).getByRole('img', { name: 'beach.jpg, protected copy' })).toHaveAttribute(
      'src',
      '/protected/new.jpg',
    );
  });

  it('discards a preview: the preview is deleted and the current protected copy stays', async () => {
    const image = protectedAsset();
    const fetchMock = stubMediaApi([image], {
      [previewRoute(image.id)]: () => previewAnswer('heavy'),
      [`DELETE /api/protect-image/previews/${previewId}`]: () =>
        jsonResponse({ message: imageshieldTexts.previewDiscarded }),
    });
    const { user, dialog } = await openDetails('beach.jpg', proUser);
    await user.click(within(dialog).getByRole('button', { name: mediaTexts.heavyShield }));
    const preview = await within(dialog).findByRole('region', { name: imageshieldTexts.previewHeading });
    await user.click(within(preview).getByRole('button', { name: imageshieldTexts.previewDiscard }));
    await findToast(imageshieldTexts.previewDiscarded);
    expect(callsOf(fetchMock).filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(callsOf(fetchMock).some((call) => call.path.endsWith('/keep'))).toBe(false);
    expect(within(dialog).getByRole('img', { name: 'beach.jpg, protected copy' })).toHaveAttribute(
      'src',
      image.protectedUrl,
    );
    expect(within(dialog).getByRole('button', { name: mediaTexts.heavyShield })).toBeEnabled();
  });

  it('downloads the protected copy as <name>-protected.<its type>, next to the original Download', async () => {
    const image = protectedAsset();
    const fetchMock = stubMediaApi([image], {
      [`GET /api/media/${image.id}/file/protected`]: () =>
        new Response('png bytes', { headers: { 'content-type': 'image/png' } }),
    });
    // jsdom has no object URLs; these stand-ins are put back after the test.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:protected';
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
    expect(within(dialog).getByRole('button', { name: mediaTexts.download })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Download protected copy' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe('beach-protected.png');
    expect(callsOf(fetchMock).some((call) => call.path === image.protectedUrl)).toBe(true);
  });

  it('offers no protected download or comparison before the image is protected', async () => {
    stubMediaApi([makeAsset({ filename: 'plain.jpg' })]);
    const { dialog } = await openDetails('plain.jpg');
    expect(within(dialog).queryByRole('button', { name: 'Download protected copy' })).not.toBeInTheDocument();
    expect(
      within(dialog).queryByRole('group', { name: 'Compare with the original' }),
    ).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('region')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'plain.jpg' })).toBeInTheDocument();
  });
});
