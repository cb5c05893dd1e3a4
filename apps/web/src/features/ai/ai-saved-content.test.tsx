import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { savedContentTexts, type SavedContent } from '@app/shared/history';
import { renderApp } from '../../testing/render-app';
import { proUser } from '../../testing/users';
import { jsonResponse } from '../../testing/fetch-stub';
import { resetAuthState, stubApi } from '../../testing/auth-api-stub';
import { makeQuota } from './testing/ai-fixtures';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

const saved: SavedContent = {
  id: '66666666-6666-4666-8666-666666666666',
  title: 'Red dress energy',
  content: 'Soft light, loud dress.',
  platform: 'instagram',
  generationId: null,
  createdAt: '2026-03-12T09:41:00.000Z',
};

describe('AI Studio: saved content', () => {
  it('lists the user’s saved content under the generator, with copy and remove', async () => {
    const items = [saved];
    stubApi({
      'GET /api/ai/quota': () => jsonResponse(makeQuota()),
      'GET /api/saved-content': () => jsonResponse(items),
      [`DELETE /api/saved-content/${saved.id}`]: () => (items.pop(), new Response(null, { status: 204 })),
    });
    const user = userEvent.setup();
    renderApp('/enterprise?tab=ai-studio', { user: proUser });
    const section = await screen.findByRole('region', { name: savedContentTexts.heading }, { timeout: 5000 });
    const card = await within(section).findByRole('article', { name: 'Red dress energy' });
    expect(card).toHaveTextContent('Instagram');
    await user.click(
      within(card).getByRole('button', { name: savedContentTexts.copyLabel('Red dress energy') }),
    );
    expect(await navigator.clipboard.readText()).toBe('Soft light, loud dress.');

    await user.click(
      within(card).getByRole('button', { name: savedContentTexts.removeLabel('Red dress energy') }),
    );
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: savedContentTexts.remove }));
    await waitFor(() => expect(within(section).queryByRole('article')).not.toBeInTheDocument());
    expect(within(section).getByText(savedContentTexts.emptyTitle)).toBeInTheDocument();
  });

  it('shows no saved list to a signed-out visitor of the caption generator', async () => {
    const fetchMock = stubApi({ 'GET /api/ai/quota': () => jsonResponse(makeQuota()) });
    renderApp('/caption-generator', { user: null });
    await screen.findByRole('heading', { level: 1, name: 'Caption Generator' });
    expect(screen.queryByRole('region', { name: savedContentTexts.heading })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/saved-content'))).toBe(false);
  });
});
