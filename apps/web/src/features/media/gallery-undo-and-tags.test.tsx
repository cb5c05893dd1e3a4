import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaErrors, mediaTexts, type MediaAsset } from '@app/shared/media';
import { renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
import { callsOf, jsonResponse } from '../../testing/fetch-stub';
import { findToast, resetAuthState } from '../../testing/auth-api-stub';
// Loaded up front, so the lazy /gallery route resolves well within findBy's one-second wait.
import './gallery-page';
import { makeAsset } from '../../testing/media-fixtures';
import { stubMediaApi } from '../../testing/media-page-helpers';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const card = (filename: string) => screen.queryByRole('button', { name: `View details of ${filename}` });

async function deleteFromDetails(filename: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `View details of ${filename}` }));
  const dialog = await screen.findByRole('dialog', { name: mediaTexts.detailsTitle });
  await user.click(within(dialog).getByRole('button', { name: mediaTexts.delete }));
  const confirm = await screen.findByRole('alertdialog', { name: `Delete ${filename}?` });
  expect(confirm).toHaveAccessibleDescription(mediaTexts.confirmDeleteText('image'));
  await user.click(within(confirm).getByRole('button', { name: mediaTexts.delete }));
  return user;
}

describe('gallery delete with Undo', () => {
  it('offers Undo in the toast, which brings the image back through the restore endpoint', async () => {
    const stored = [makeAsset({ filename: 'beach.jpg' }), makeAsset({ filename: 'keep.jpg' })];
    const target = stored[0]!;
    const fetchMock = stubMediaApi(stored, {
      [`DELETE /api/media/${target.id}`]: () => {
        stored.shift();
        return jsonResponse({ message: mediaTexts.imageDeletedText });
      },
      [`POST /api/media/${target.id}/restore`]: () => {
        stored.unshift(target);
        return jsonResponse({ message: mediaTexts.imageRestoredText('beach.jpg'), asset: target });
      },
      'GET /api/media/tags': () => jsonResponse([]),
    });
    renderApp('/gallery', { user: freeUser });
    const user = await deleteFromDetails('beach.jpg');

    const deleted = await findToast(mediaTexts.imageDeleted);
    expect(deleted).toHaveTextContent(mediaTexts.imageDeletedText);
    await waitFor(() => expect(card('beach.jpg')).not.toBeInTheDocument());
    const undo = within(deleted).getByRole('button', { name: mediaTexts.undoLabel('beach.jpg') });
    expect(undo).toHaveTextContent(mediaTexts.undo);
    // From the keyboard (sonner's swipe handling needs pointer capture, which jsdom lacks).
    undo.focus();
    await user.keyboard('{Enter}');

    expect(await findToast(mediaTexts.imageRestored)).toHaveTextContent(
      mediaTexts.imageRestoredText('beach.jpg'),
    );
    expect(await screen.findByRole('button', { name: 'View details of beach.jpg' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const restores = callsOf(fetchMock).filter((call) => call.path === `/api/media/${target.id}/restore`);
    expect(restores.map((call) => [call.method, new Headers(call.init.headers).get('X-CSRF-Token')])).toEqual(
      [['POST', 'csrf-test']],
    );
  });

  it('says so when Undo comes too late', async () => {
    const stored = [makeAsset({ filename: 'beach.jpg' })];
    const target = stored[0]!;
    stubMediaApi(stored, {
      [`DELETE /api/media/${target.id}`]: () => (
        stored.shift(),
        jsonResponse({ message: mediaTexts.imageDeletedText })
      ),
      [`POST /api/media/${target.id}/restore`]: () =>
        jsonResponse({ message: mediaErrors.restoreExpired, code: mediaErrors.restoreExpiredCode }, 410),
    });
    renderApp('/gallery', { user: freeUser });
    const user = await deleteFromDetails('beach.jpg');
    const deleted = await findToast(mediaTexts.imageDeleted);
    within(deleted)
      .getByRole('button', { name: mediaTexts.undoLabel('beach.jpg') })
      .focus();
    await user.keyboard('{Enter}');
    expect(await findToast(mediaTexts.restoreFailed)).toHaveTextContent(mediaErrors.restoreExpired);
    expect(card('beach.jpg')).not.toBeInTheDocument();
  });
});

describe('gallery tag filter', () => {
  const beach = makeAsset({ filename: 'beach.jpg', tags: ['Beach'] });
  const sunset = makeAsset({ filename: 'sunset.jpg', tags: ['summer'] });

  function stubTagged(assets: MediaAsset[]) {
    return stubMediaApi(assets, {
      'GET /api/media': (call) => {
        const tag = new URL(call.path, 'http://x').searchParams.get('tag');
        return jsonResponse(
          tag ? assets.filter((a) => a.tags.some((t) => t.toLowerCase() === tag.toLowerCase())) : assets,
        );
      },
      'GET /api/media/tags': () =>
        jsonResponse([
          { tag: 'Beach', count: 1 },
          { tag: 'birthday', count: 3 },
          { tag: 'summer', count: 1 },
        ]),
    });
  }

  it('suggests the user’s tags with counts and is driven from the keyboard', async () => {
    const fetchMock = stubTagged([beach, sunset]);
    const user = userEvent.setup();
    renderApp('/gallery', { user: freeUser });
    const combobox = await screen.findByRole('combobox', { name: mediaTexts.tagFilterLabel });
    await screen.findByRole('button', { name: 'View details of sunset.jpg' });

    await user.click(combobox);
    await user.type(combobox, 'b');
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: mediaTexts.tagSuggestions });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.getAttribute('aria-label')),
    ).toEqual([mediaTexts.tagCount('Beach', 1), mediaTexts.tagCount('birthday', 3)]);
    await user.keyboard('{ArrowDown}');
    const first = within(list).getByRole('option', { name: mediaTexts.tagCount('Beach', 1) });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(combobox).toHaveAttribute('aria-activedescendant', first.id);
    await user.keyboard('{Enter}');

    expect(combobox).toHaveValue('Beach');
    expect(combobox).toHaveFocus();
    // The previous list stays while the tagged one loads; then only the tagged photo.
    await waitFor(() => expect(card('sunset.jpg')).not.toBeInTheDocument());
    expect(card('beach.jpg')).toBeInTheDocument();
    expect(screen.getByText(mediaTexts.showingTag('Beach'))).toBeInTheDocument();
    expect(callsOf(fetchMock).some((call) => call.path === '/api/media?tag=Beach')).toBe(true);

    await user.click(screen.getByRole('button', { name: mediaTexts.clearTagFilter }));
    expect(combobox).toHaveValue('');
    expect(await screen.findByRole('button', { name: 'View details of sunset.jpg' })).toBeInTheDocument();
  });

  it('keeps the previous photos, dimmed and marked busy, while another tag loads, then shows the tagged ones', async () => {
    let answerTagged = () => {};
    stubMediaApi([beach, sunset], {
      'GET /api/media': (call) =>
        new URL(call.path, 'http://x').searchParams.get('tag') === 'summer'
          ? new Promise((resolve) => (answerTagged = () => resolve(jsonResponse([sunset]))))
          : jsonResponse([beach, sunset]),
      'GET /api/media/tags': () => jsonResponse([{ tag: 'summer', count: 1 }]),
    });
    const user = userEvent.setup();
    renderApp('/gallery', { user: freeUser });
    const combobox = await screen.findByRole('combobox', { name: mediaTexts.tagFilterLabel });
    await screen.findByRole('button', { name: 'View details of beach.jpg' });

    await user.type(combobox, 'summer{Escape}{Enter}');
    const grid = screen.getByRole('list', { name: 'Your images' });
    await waitFor(() => expect(grid).toHaveAttribute('aria-busy', 'true'));
    expect(grid).toHaveClass('opacity-60');
    expect(card('beach.jpg')).toBeInTheDocument();
    expect(screen.queryByText('Loading your images...')).not.toBeInTheDocument();

    answerTagged();
    await waitFor(() => expect(card('beach.jpg')).not.toBeInTheDocument());
    expect(card('sunset.jpg')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Your images' })).not.toHaveAttribute('aria-busy');
    expect(screen.getByText(mediaTexts.showingTag('summer'))).toBeInTheDocument();
  });

  it('filters by exactly what was typed, says when no image has the tag, and Escape closes the list', async () => {
    stubTagged([beach, sunset]);
    const user = userEvent.setup();
    renderApp('/gallery', { user: freeUser });
    const combobox = await screen.findByRole('combobox', { name: mediaTexts.tagFilterLabel });
    await user.type(combobox, 'zzz');
    expect(screen.getByText(mediaTexts.noTagMatches)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(mediaTexts.noImagesWithTag('zzz'))).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: mediaTexts.clearTagFilter }).at(-1)!);
    expect(combobox).toHaveValue('');
    expect(await screen.findByRole('button', { name: 'View details of beach.jpg' })).toBeInTheDocument();
  });
});
