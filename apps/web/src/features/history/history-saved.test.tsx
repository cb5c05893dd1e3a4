import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { savedContentTexts, type SavedContent } from '@app/shared/history';
import { currentUrl, renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
import { callsOf, jsonResponse, pagedResponse } from '../../testing/fetch-stub';
import { findToast, resetAuthState } from '../../testing/auth-api-stub';
import { historyTexts } from './lib/history-texts';
import { makeGeneration } from './testing/history-fixtures';
import { stubHistoryApi } from './testing/history-api-stub';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function makeSaved(overrides: Partial<SavedContent> = {}): SavedContent {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    title: 'Beach day',
    content: 'Salt in the air\n\n#beach',
    platform: 'tiktok',
    generationId: null,
    createdAt: '2026-03-12T09:41:00.000Z',
    ...overrides,
  };
}

describe('history: Saved tab', () => {
  it('lists saved items from the Saved tab (kept in the URL), copies one and removes another after asking', async () => {
    const saved = [
      makeSaved(),
      makeSaved({ id: '44444444-4444-4444-8444-444444444444', title: 'Old joke', platform: 'reddit' }),
    ];
    const fetchMock = stubHistoryApi([makeGeneration({ titles: ['Only in history'] })], {
      'GET /api/saved-content': (call) => {
        // The first page goes without a cursor.
        expect(new URL(call.path, 'http://x').searchParams.has('cursor')).toBe(false);
        return jsonResponse(saved);
      },
      [`DELETE /api/saved-content/${saved[1]!.id}`]: () => (saved.pop(), new Response(null, { status: 204 })),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/history', { user: freeUser });
    await screen.findByRole('article', { name: 'Only in history' });

    await user.click(screen.getByRole('tab', { name: savedContentTexts.tabSaved }));
    expect(currentUrl(router)).toBe('/history?view=saved');
    const list = await screen.findByRole('list', { name: savedContentTexts.heading });
    const beach = within(list).getByRole('article', { name: 'Beach day' });
    expect(beach).toHaveTextContent('TikTok');
    expect(beach).toHaveTextContent('Salt in the air');
    expect(screen.queryByRole('article', { name: 'Only in history' })).not.toBeInTheDocument();

    await user.click(within(beach).getByRole('button', { name: savedContentTexts.copyLabel('Beach day') }));
    expect(await navigator.clipboard.readText()).toBe('Salt in the air\n\n#beach');

    const old = within(list).getByRole('article', { name: 'Old joke' });
    await user.click(within(old).getByRole('button', { name: savedContentTexts.removeLabel('Old joke') }));
    const confirm = await screen.findByRole('alertdialog', {
      name: savedContentTexts.confirmTitle('Old joke'),
    });
    expect(confirm).toHaveAccessibleDescription(savedContentTexts.confirmText);
    await user.click(within(confirm).getByRole('button', { name: savedContentTexts.remove }));
    expect(await findToast(savedContentTexts.removed)).toHaveTextContent(savedContentTexts.removedText);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Old joke' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Beach day' })).toBeInTheDocument();
    const deletes = callsOf(fetchMock).filter((call) => call.method === 'DELETE');
    expect(deletes.map((call) => call.path)).toEqual([
      `/api/saved-content/${'44444444-4444-4444-8444-444444444444'}`,
    ]);

    await user.click(screen.getByRole('tab', { name: savedContentTexts.tabAll }));
    expect(currentUrl(router)).toBe('/history');
    expect(await screen.findByRole('article', { name: 'Only in history' })).toBeInTheDocument();
  });

  it('opens on the Saved tab from the URL and says when nothing is saved', async () => {
    stubHistoryApi([], {}, []);
    renderApp('/history?view=saved', { user: freeUser });
    await screen.findByRole('heading', { level: 1, name: historyTexts.title });
    expect(screen.getByRole('tab', { name: savedContentTexts.tabSaved })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText(savedContentTexts.emptyTitle)).toBeInTheDocument();
    expect(screen.getByText(savedContentTexts.emptyText)).toBeInTheDocument();
  });

  it('offers older saved content page by page', async () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      makeSaved({
        id: `55555555-5555-4555-8555-${String(index).padStart(12, '0')}`,
        title: `Saved ${index}`,
      }),
    );
    stubHistoryApi([], {
      'GET /api/saved-content': (call) => pagedResponse(many, call),
    });
    const user = userEvent.setup();
    renderApp('/history?view=saved', { user: freeUser });
    const list = await screen.findByRole('list', { name: savedContentTexts.heading });
    expect(within(list).getAllByRole('article')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: savedContentTexts.loadMore }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: savedContentTexts.loadMore })).not.toBeInTheDocument();
  });
});
