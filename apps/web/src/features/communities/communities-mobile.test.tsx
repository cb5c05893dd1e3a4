import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
import { jsonResponse } from '../../testing/fetch-stub';
import { resetAuthState, stubApi } from '../../testing/auth-api-stub';
import { localPostingTime } from './lib/community-format';
import { makeCommunity } from './testing/community-fixtures';

afterEach(resetAuthState);

function stubNarrowScreen() {
  const list = { matches: false, addEventListener: () => undefined, removeEventListener: () => undefined };
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ ...list, media: query })),
  );
}

describe('communities page below md', () => {
  it('shows cards with the same figures and the same one-at-a-time expansion', async () => {
    stubNarrowScreen();
    stubApi({
      'GET /api/reddit/communities': jsonResponse([
        makeCommunity({
          name: 'first',
          members: 1_250_000,
          successProbability: 88,
          bestPostingTimes: ['10:00'],
        }),
        makeCommunity({ name: 'second', members: 40, successProbability: 50 }),
      ]),
    });
    const user = userEvent.setup();
    renderApp('/reddit/communities', { user: freeUser });
    const cards = await screen.findByRole('list', { name: 'Reddit Communities Database' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const first = within(cards).getByRole('article', { name: 'r/first' });
    expect(first).toHaveTextContent('Success Rate88%');
    expect(first).toHaveTextContent('Members1.3M');
    expect(within(first).getByText('88%')).toHaveAttribute('data-tone', 'success');

    await user.click(first);
    expect(within(first).getByRole('button', { name: 'Details for r/first' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('region', { name: 'Best Posting Times' })).toHaveTextContent(
      localPostingTime('10:00'),
    );

    const second = within(cards).getByRole('article', { name: 'r/second' });
    await user.click(within(second).getByRole('button', { name: 'Details for r/second' }));
    expect(within(first).getByRole('button', { name: 'Details for r/first' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getAllByRole('region', { name: 'Requirements' })).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Best Posting Times' })).toHaveTextContent('No data');
  });
});
