import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { imageshieldTexts, type TryProtectionResponse } from '@app/shared/imageshield';
import type { User } from '@app/shared/user';
import { renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
import { installFakeXhr } from '../../testing/fake-xhr';
import { resetAuthState, stubApi } from '../../testing/auth-api-stub';
import { photoInputLabel } from './components/photo-picker';
// Loaded up front, so the lazy /imageshield route and its result view resolve well within findBy's one-second wait.
import './imageshield-page';
import './components/result-card';
import { makeReport } from '../../testing/protection-report-fixtures';

const dataUrl = `data:image/jpeg;base64,${btoa('protected jpeg bytes')}`;

function tryAnswer(overrides: Partial<TryProtectionResponse> = {}): TryProtectionResponse {
  return {
    message: 'Your image has been protected against reverse searches.',
    protectionLevel: 'heavy',
    report: makeReport({ attempts: 2 }),
    image: { dataUrl, filename: 'beach-protected.jpg', width: 1600, height: 1200 },
    remainingTries: 4,
    ...overrides,
  };
}

let objectUrls: string[];
let revoked: string[];

beforeEach(() => {
  objectUrls = [];
  revoked = [];
  // jsdom has no object URLs; these stand-ins are put back after each test.
  const { createObjectURL, revokeObjectURL } = URL;
  URL.createObjectURL = () => {
    objectUrls.push(`blob:test-${objectUrls.length + 1}`);
    return objectUrls.at(-1)!;
  };
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
  return () => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  };
});

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const photo = (name = 'beach.jpg', type = 'image/jpeg') => new File(['original pixels'], name, { type });

async function openPage(user: User | null = null) {
  stubApi({});
  const xhrs = installFakeXhr();
  const events = userEvent.setup({ applyAccept: false });
  renderApp('/imageshield', { user });
  await screen.findByRole('heading', { level: 1, name: 'ImageShield' });
  return { xhrs, events };
}

const protectButton = () =>
  screen.getByRole('button', { name: /^(Protect photo|Protect again|Protecting\.\.\.)$/ });

describe('/imageshield', () => {
  it('protects one photo: level, real progress, before and after, the result, download, try another', async () => {
    const { xhrs, events } = await openPage(null);
    expect(screen.getByText(imageshieldTexts.scope, { exact: false })).toBeInTheDocument();
    // Hash matching is what it defeats; local-feature (ORB-like) and AI search are not (docs/imageshield.md).
    expect(imageshieldTexts.scope).toMatch(/local details \(like TinEye\) or using AI may still find it/);
    expect(protectButton()).toBeDisabled();
    expect(screen.getByText('Visitors get 5 free tries an hour.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Quick Protect/ })).toBeChecked();

    await events.upload(screen.getByLabelText(photoInputLabel), photo());
    expect(screen.getByText('beach.jpg')).toBeInTheDocument();
    await events.click(screen.getByRole('radio', { name: 'Heavy Shield Strongest, adds a frame' }));
    await events.click(protectButton());

    const xhr = await xhrs.sentRequest(0);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/imageshield/try');
    expect(xhr.requestHeaders.get('X-CSRF-Token')).toBe('csrf-test');
    expect([...xhr.form.keys()]).toEqual(['protectionLevel', 'file']);
    expect(xhr.form.get('protectionLevel')).toBe('heavy');
    expect((xhr.form.get('file') as File).name).toBe('beach.jpg');
    expect(protectButton()).toHaveTextContent('Protecting...');
    expect(protectButton()).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Light Shield/ })).toBeDisabled();

    act(() => xhr.progress(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Uploading beach.jpg' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByText('Uploading... 40%')).toBeInTheDocument();
    act(() => xhr.progress(100, 100));
    expect(screen.getByText(/Protecting and measuring 6 fingerprints/)).toBeInTheDocument();

    act(() => xhr.respond(200, tryAnswer()));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Before and after' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('img', { name: 'Before: your original photo' })).toHaveAttribute(
      'src',
      objectUrls[0],
    );
    expect(screen.getByRole('img', { name: 'After: protected copy (Heavy Shield)' })).toHaveAttribute(
      'src',
      dataUrl,
    );
    expect(
      screen.getByRole('region', { name: 'Fingerprint check: no match found by any of 6 detectors' }),
    ).toHaveTextContent('Passed after 2 attempts');
    expect(screen.getByText('4 free tries left this hour.')).toBeInTheDocument();
    expect(protectButton()).toHaveTextContent('Protect again');

    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await events.click(screen.getByRole('button', { name: 'Download' }));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('beach-protected.jpg');
    expect(clicked[0]?.getAttribute('href')).toBe(objectUrls[1]);

    await events.click(screen.getByRole('button', { name: 'Try another' }));
    expect(screen.queryByRole('heading', { name: 'Before and after' })).not.toBeInTheDocument();
    expect(screen.queryByText('beach.jpg')).not.toBeInTheDocument();
    expect(protectButton()).toBeDisabled();
    expect(revoked).toContain(objectUrls[0]);
    expect(screen.getByRole('heading', { level: 2, name: 'Protect a photo' })).toHaveFocus();
    expect(screen.getByText('4 free tries left this hour.')).toBeInTheDocument();
  });

  it("shows the server's message when the hour's tries are used up", async () => {
    const { xhrs, events } = await openPage(null);
    await events.upload(screen.getByLabelText(photoInputLabel), photo());
    await events.click(protectButton());
    const xhr = await xhrs.sentRequest(0);
    act(() =>
      xhr.respond(
        429,
        { message: imageshieldTexts.tryLimitReached(12) },
        { statusText: 'Too Many Requests' },
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(imageshieldTexts.tryLimitReached(12));
    expect(protectButton()).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Before and after' })).not.toBeInTheDocument();
  });

  it('refuses a file that is not a photo before sending anything', async () => {
    const { xhrs, events } = await openPage(null);
    await events.upload(screen.getByLabelText(photoInputLabel), photo('notes.pdf', 'application/pdf'));
    expect(screen.getByRole('alert')).toHaveTextContent('notes.pdf is not a photo.');
    expect(protectButton()).toBeDisabled();
    expect(xhrs.requests).toHaveLength(0);
  });

  it('cancels a running protection without an error', async () => {
    const { xhrs, events } = await openPage(null);
    await events.upload(screen.getByLabelText(photoInputLabel), photo());
    await events.click(protectButton());
    const xhr = await xhrs.sentRequest(0);
    await events.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(xhr.aborted).toBe(true);
    await waitFor(() => expect(protectButton()).toHaveTextContent('Protect photo'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks visitors to sign up to keep their photos', async () => {
    await openPage(null);
    const cta = screen.getByText('Keep your protected photos').parentElement!;
    expect(within(cta).getByRole('link', { name: 'Sign up free' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('link', { name: /Open your gallery/ })).not.toBeInTheDocument();
  });

  it('sends signed-in users to their gallery instead', async () => {
    await openPage(freeUser);
    expect(screen.getByRole('link', { name: /Open your gallery/ })).toHaveAttribute('href', '/gallery');
    expect(screen.queryByRole('link', { name: 'Sign up free' })).not.toBeInTheDocument();
    expect(screen.getByText('Up to 30 tries an hour with your account.')).toBeInTheDocument();
  });
});
