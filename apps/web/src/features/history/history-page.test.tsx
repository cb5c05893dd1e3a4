import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aiTexts } from '@app/shared/ai';
import { currentUrl, renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
import { jsonResponse } from '../../testing/fetch-stub';
import { findToast, resetAuthState, sentBodies } from '../../testing/auth-api-stub';
import { deferred } from '../../testing/media-page-helpers';
import { historyTexts } from './lib/history-texts';
import { makeGeneration } from './testing/history-fixtures';
import { queriesTo, stubHistoryApi } from './testing/history-api-stub';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

const sample = () => [
  makeGeneration({
    id: '11111111-1111-4111-8111-111111111111',
    platform: 'reddit',
    titles: ['Golden hour on the balcony', 'Sunset glow, just for you'],
    content: 'Caught the last light of the day.',
    subreddit: 'SelfieHour',
  }),
  makeGeneration({
    id: '22222222-2222-4222-8222-222222222222',
    platform: 'instagram',
    titles: ['Beach day'],
    content: 'Salt in the air',
    hashtags: ['beach', 'summer'],
    photoInstructions: 'Shoot from low, with the sun behind you.',
  }),
  makeGeneration({
    platform: 'twitter',
    generationType: 'template',
    model: 'offline',
    titles: ['New set Friday'],
    content: 'Drops at 8pm',
  }),
];

const counter = (label: string) => screen.getByText(label).nextElementSibling;
const card = (title: string) => screen.getByRole('article', { name: title });

async function openHistory(path = '/history') {
  const view = renderApp(path, { user: freeUser });
  await screen.findByRole('heading', { level: 1, name: historyTexts.title });
  return view;
}

describe('history page', () => {
  it('shows the four counters and a card per item with its titles, text, hashtags and photo idea', async () => {
    stubHistoryApi(sample());
    await openHistory();
    expect(await screen.findByRole('article', { name: 'Golden hour on the balcony' })).toBeInTheDocument();
    await waitFor(() => expect(counter(historyTexts.counters.total)).toHaveTextContent('3'));
    expect(counter(historyTexts.counters.aiGenerated)).toHaveTextContent('2');
    expect(counter(historyTexts.counters.redditPosts)).toHaveTextContent('1');
    expect(counter(historyTexts.counters.filtered)).toHaveTextContent('3');

    const reddit = card('Golden hour on the balcony');
    expect(reddit).toHaveTextContent('Reddit');
    // Who wrote each item: the model's name, or the built-in writer, which is never called AI.
    expect(reddit).toHaveTextContent('Written by: gpt-4o-mini');
    expect(reddit).toHaveTextContent('r/SelfieHour');
    expect(within(reddit).getByText('Sunset glow, just for you')).toBeInTheDocument();
    expect(reddit).toHaveTextContent('Caught the last light of the day.');

    const instagram = card('Beach day');
    expect(instagram).toHaveTextContent('Salt in the air #beach #summer');
    expect(instagram).toHaveTextContent('Photo idea: Shoot from low, with the sun behind you.');
    expect(card('New set Friday')).toHaveTextContent('Written by: Built-in writer');
    expect(card('New set Friday')).not.toHaveTextContent(/\bAI\b/);
  });

  it('says "AI model" for an AI-written item whose model was not recorded', async () => {
    stubHistoryApi([makeGeneration({ titles: ['Older item'], generationType: 'ai', model: null })]);
    await openHistory();
    expect(await screen.findByRole('article', { name: 'Older item' })).toHaveTextContent(
      'Written by: AI model',
    );
  });

  it('offers the spec filter choices and sends search, platform and type to the API, keeping them in the URL', async () => {
    const fetchMock = stubHistoryApi(sample());
    const { router } = await openHistory();
    await screen.findByRole('article', { name: 'Beach day' });
    const platform = screen.getByLabelText(historyTexts.platformLabel);
    const type = screen.getByLabelText(historyTexts.typeLabel);
    expect(
      within(platform)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['all', 'reddit', 'twitter', 'instagram', 'tiktok']);
    expect(within(platform).getByRole('option', { name: 'TikTok' })).toHaveValue('tiktok');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['all', 'ai', 'template']);
    expect(historyTexts.typeLabel).toBe('Written by');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All writers', 'AI model', 'Built-in writer']);

    const user = userEvent.setup();
    await user.selectOptions(platform, 'instagram');
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Golden hour on the balcony' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Beach day' })).toBeInTheDocument();
    await waitFor(() => expect(counter(historyTexts.counters.filtered)).toHaveTextContent('1'));
    expect(counter(historyTexts.counters.total)).toHaveTextContent('3');
    expect(currentUrl(router)).toBe('/history?platform=instagram');
    expect(router.state.historyAction).toBe('REPLACE');

    await user.selectOptions(platform, 'all');
    await user.selectOptions(type, 'template');
    await user.type(screen.getByLabelText(historyTexts.searchLabel), 'FRIDAY');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1), { timeout: 3000 });
    expect(screen.getByRole('article', { name: 'New set Friday' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/history?type=template&q=FRIDAY');
    // Typing is asked for once it pauses, not once per key.
    await waitFor(
      () =>
        expect(Object.fromEntries(queriesTo(fetchMock, '/api/content-generations').at(-1)!)).toEqual({
          search: 'FRIDAY',
          type: 'template',
          limit: '20',
        }),
      // The search waits for typing to pause; a busy machine adds to that.
      { timeout: 3000 },
    );
    const searches = queriesTo(fetchMock, '/api/content-generations').filter((query) => query.has('search'));
    expect(searches).toHaveLength(1);
    const lastStats = queriesTo(fetchMock, '/api/content-generations/stats').at(-1)!;
    expect(Object.fromEntries(lastStats)).toEqual({ search: 'FRIDAY', type: 'template' });
  });

  it('reads the filters from the URL, says when nothing matches and clears the filters', async () => {
    stubHistoryApi(sample());
    const { router } = await openHistory('/history?q=nothing%20like%20it&platform=reddit');
    expect(screen.getByLabelText(historyTexts.searchLabel)).toHaveValue('nothing like it');
    expect(await screen.findByText(historyTexts.noMatchesTitle)).toBeInTheDocument();
    await waitFor(() => expect(counter(historyTexts.counters.filtered)).toHaveTextContent('0'));
    await userEvent.click(screen.getAllByRole('button', { name: historyTexts.clearFilters })[1]!);
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(currentUrl(router)).toBe('/history');
  });

  it('shows an empty state that leads to the caption generator', async () => {
    stubHistoryApi([]);
    await openHistory();
    expect(await screen.findByText(historyTexts.emptyTitle)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: historyTexts.emptyAction })).toHaveAttribute(
      'href',
      '/caption-generator',
    );
  });

  it('says what went wrong when the history cannot load, and tries again', async () => {
    let fail = true;
    const items = sample();
    stubHistoryApi(items, {
      'GET /api/content-generations': () =>
        fail ? jsonResponse({ message: 'boom' }, 503) : jsonResponse(items),
    });
    renderApp('/history', { user: freeUser });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(historyTexts.loadFailed);
    expect(alert).toHaveTextContent('Server error occurred. Please try again in a few moments.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Beach day' })).toBeInTheDocument();
  });

  it('still lists the content when the counters cannot be read', async () => {
    stubHistoryApi(sample(), {
      'GET /api/content-generations/stats': () => jsonResponse({ message: 'down' }, 500),
    });
    await openHistory();
    expect(await screen.findByRole('article', { name: 'Beach day' })).toBeInTheDocument();
    await waitFor(() => expect(counter(historyTexts.counters.total)).toHaveTextContent('Not available'));
  });

  it('loads older content page by page', async () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      makeGeneration({ titles: [`Post number ${index + 1}`] }),
    );
    const fetchMock = stubHistoryApi(many);
    await openHistory();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
    await userEvent.click(screen.getByRole('button', { name: historyTexts.loadMore }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(25));
    expect(screen.getByRole('article', { name: 'Post number 25' })).toBeInTheDocument();
    // The second page is asked for with the cursor the first one's X-Next-Cursor named.
    expect(queriesTo(fetchMock, '/api/content-generations').map((query) => query.get('cursor'))).toEqual([
      null,
      'after-20',
    ]);
    expect(screen.queryByRole('button', { name: historyTexts.loadMore })).not.toBeInTheDocument();
  });

  it('saves a card with title, content, platform and generationId, showing Saving... then Saved', async () => {
    const answer = deferred<Response>();
    const fetchMock = stubHistoryApi(sample(), { 'POST /api/saved-content': () => answer.promise });
    await openHistory();
    const beach = await screen.findByRole('article', { name: 'Beach day' });
    await userEvent.click(within(beach).getByRole('button', { name: 'Save: Beach day' }));
    const busy = within(beach).getByRole('button', { name: 'Save: Beach day' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveTextContent(historyTexts.saving);

    answer.resolve(
      jsonResponse(
        {
          id: '33333333-3333-4333-8333-333333333333',
          title: 'Beach day',
          content: 'Salt in the air\n\n#beach #summer',
          platform: 'instagram',
          generationId: '22222222-2222-4222-8222-222222222222',
          createdAt: '2026-03-12T10:00:00.000Z',
        },
        201,
      ),
    );
    expect(await findToast(historyTexts.saved)).toHaveTextContent(historyTexts.savedText);
    expect(within(beach).getByRole('button', { name: 'Saved: Beach day' })).toBeDisabled();
    expect(sentBodies(fetchMock, 'POST', '/api/saved-content')).toEqual([
      {
        title: 'Beach day',
        content: 'Salt in the air\n\n#beach #summer',
        platform: 'instagram',
        generationId: '22222222-2222-4222-8222-222222222222',
      },
    ]);
  });

  it('marks the cards that already have a saved copy', async () => {
    const items = sample();
    stubHistoryApi(items, {}, [
      {
        id: '55555555-5555-4555-8555-555555555555',
        title: 'Beach day',
        content: 'Salt in the air',
        platform: 'instagram',
        generationId: items[1]!.id,
        createdAt: '2026-03-12T10:00:00.000Z',
      },
    ]);
    await openHistory();
    const beach = await screen.findByRole('article', { name: 'Beach day' });
    expect(await within(beach).findByRole('button', { name: 'Saved: Beach day' })).toBeDisabled();
    expect(
      within(card('Golden hour on the balcony')).getByRole('button', {
        name: 'Save: Golden hour on the balcony',
      }),
    ).toBeEnabled();
  });

  it('says so when the item was deleted elsewhere before it could be saved', async () => {
    stubHistoryApi(sample(), {
      'POST /api/saved-content': () =>
        jsonResponse({ message: aiTexts.generationNotFound, code: 'NOT_FOUND' }, 404),
    });
    await openHistory();
    const beach = await screen.findByRole('article', { name: 'Beach day' });
    await userEvent.click(within(beach).getByRole('button', { name: 'Save: Beach day' }));
    expect(await findToast(historyTexts.saveFailed)).toHaveTextContent(aiTexts.generationNotFound);
  });

  it('says why a save failed and lets the user try again', async () => {
    stubHistoryApi(sample(), {
      'POST /api/saved-content': () =>
        jsonResponse({ message: 'You can keep at most 500 saved items. Delete some to save more.' }, 409),
    });
    await openHistory();
    const beach = await screen.findByRole('article', { name: 'Beach day' });
    await userEvent.click(within(beach).getByRole('button', { name: 'Save: Beach day' }));
    expect(await findToast(historyTexts.saveFailed)).toHaveTextContent(
      'You can keep at most 500 saved items.',
    );
    expect(within(beach).getByRole('button', { name: 'Save: Beach day' })).toBeEnabled();
  });

  it('deletes a card after confirmation and updates the counters', async () => {
    const items = sample();
    const id = items[0]!.id;
    const answer = deferred<Response>();
    stubHistoryApi(items, {
      [`DELETE /api/content-generations/${id}`]: () => answer.promise,
    });
    await openHistory();
    const golden = await screen.findByRole('article', { name: 'Golden hour on the balcony' });
    await userEvent.click(within(golden).getByRole('button', { name: 'Delete: Golden hour on the balcony' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete “Golden hour on the balcony”?' });
    await userEvent.click(within(confirm).getByRole('button', { name: historyTexts.delete }));
    expect(within(confirm).getByRole('button', { name: historyTexts.deleting })).toBeDisabled();

    items.splice(0, 1);
    answer.resolve(new Response(null, { status: 204 }));
    expect(await findToast(historyTexts.deleted)).toHaveTextContent(historyTexts.deletedText);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('article', { name: 'Golden hour on the balcony' })).not.toBeInTheDocument();
    await waitFor(() => expect(counter(historyTexts.counters.total)).toHaveTextContent('2'));
    expect(counter(historyTexts.counters.redditPosts)).toHaveTextContent('0');
  });

  it('keeps the card and says why when a delete fails', async () => {
    const items = sample();
    stubHistoryApi(items, {
      [`DELETE /api/content-generations/${items[1]!.id}`]: () => jsonResponse({ message: 'down' }, 500),
    });
    await openHistory();
    const beach = await screen.findByRole('article', { name: 'Beach day' });
    await userEvent.click(within(beach).getByRole('button', { name: 'Delete: Beach day' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: historyTexts.delete }),
    );
    expect(await findToast(historyTexts.deleteFailed)).toHaveTextContent(
      'Server error occurred. Please try again in a few moments.',
    );
    expect(screen.getByRole('article', { name: 'Beach day' })).toBeInTheDocument();
  });

  it('copies the caption with its hashtags, and says Copy failed when the browser refuses', async () => {
    stubHistoryApi(sample());
    const user = userEvent.setup();
    await openHistory();
    const beach = await screen.findByRole('article', { name: 'Beach day' });
    await user.click(within(beach).getByRole('button', { name: 'Copy caption: Beach day' }));
    expect(await navigator.clipboard.readText()).toBe('Salt in the air\n\n#beach #summer');
    expect(
      within(beach).getByRole('button', { name: 'Copied: Copy caption: Beach day' }),
    ).toBeInTheDocument();

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    );
    await user.click(within(beach).getByRole('button', { name: 'Copy title' }));
    expect(await findToast('Copy failed')).toHaveTextContent('Select the text and copy it');
  });
});
