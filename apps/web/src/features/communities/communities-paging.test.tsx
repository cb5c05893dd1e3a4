import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUrl, renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
import { resetAuthState } from '../../testing/auth-api-stub';
import { makeCommunity } from './testing/community-fixtures';
import { communityPaths, stubCommunities } from './testing/page-helpers';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

/** 60 communities: the even ones fitness, the odd ones general; members fall as the number rises. */
const sixty = () =>
  Array.from({ length: 60 }, (_, index) =>
    makeCommunity({
      name: `sub_${String(index + 1).padStart(2, '0')}`,
      category: index % 2 === 0 ? 'fitness' : 'general',
      members: 100_000 - index,
      promotionAllowed: index < 10 ? 'yes' : 'limited',
    }),
  );

async function open(path: string) {
  const view = renderApp(path, { user: freeUser });
  const table = await screen.findByRole('table', { name: 'Reddit Communities Database' });
  return { ...view, table };
}

const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent?.slice(0, 8));

const pager = () => screen.getByRole('navigation', { name: 'Pages of communities' });

describe('communities page: pages and the address', () => {
  it('shows 25 rows a page and moves between pages by links kept in the address', async () => {
    stubCommunities(sixty());
    const user = userEvent.setup();
    const { router, table } = await open('/reddit/communities?sort=members');
    expect(screen.getByText('Showing 60 communities')).toBeInTheDocument();
    expect(names(table)).toHaveLength(25);
    expect(names(table)[0]).toBe('r/sub_01');
    expect(pager()).toHaveTextContent('1–25 of 60');
    expect(pager()).toHaveTextContent('Page 1 of 3');
    expect(within(pager()).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(within(pager()).getByRole('link', { name: 'Next page' }));
    expect(currentUrl(router)).toBe('/reddit/communities?sort=members&page=2');
    expect(names(table)[0]).toBe('r/sub_26');
    expect(pager()).toHaveTextContent('26–50 of 60');
    // The new rows are where focus goes, named by their page.
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Communities, page 2 of 3' })).toHaveFocus(),
    );

    await user.click(within(pager()).getByRole('link', { name: 'Next page' }));
    expect(names(table)).toEqual(['r/sub_51', ...names(table).slice(1)]);
    expect(names(table)).toHaveLength(10);
    expect(within(pager()).getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(within(pager()).getByRole('link', { name: 'Previous page' }));
    expect(currentUrl(router)).toBe('/reddit/communities?sort=members&page=2');
  });

  it('opens a shared address with its filters, sort and page, and asks the server for the category', async () => {
    const fetchMock = stubCommunities(sixty());
    const { table } = await open('/reddit/communities?category=fitness&sort=members&q=sub&page=2');
    expect(screen.getByLabelText('Category')).toHaveValue('fitness');
    expect(screen.getByLabelText('Sort by')).toHaveValue('members');
    expect(screen.getByLabelText('Search communities')).toHaveValue('sub');
    expect(screen.getByText('Showing 30 communities')).toBeInTheDocument();
    expect(names(table)).toEqual(['r/sub_51', 'r/sub_53', 'r/sub_55', 'r/sub_57', 'r/sub_59']);
    expect(pager()).toHaveTextContent('26–30 of 30');
    await waitFor(() =>
      expect(communityPaths(fetchMock)).toContain('/api/reddit/communities?category=fitness&search=sub'),
    );
  });

  it('writes every filter change into the address and goes back to page 1', async () => {
    stubCommunities(sixty());
    const user = userEvent.setup();
    const { router, table } = await open('/reddit/communities?page=3');
    expect(pager()).toHaveTextContent('Page 3 of 3');

    await user.selectOptions(screen.getByLabelText('Promotion'), 'yes');
    expect(currentUrl(router)).toBe('/reddit/communities?promotion=yes');
    expect(screen.getByText('Showing 10 communities')).toBeInTheDocument();
    expect(names(table)).toHaveLength(10);
    expect(screen.queryByRole('navigation', { name: 'Pages of communities' })).not.toBeInTheDocument();
    // Filter changes replace the entry: Back leaves the page rather than undoing a keystroke.
    expect(router.state.historyAction).toBe('REPLACE');

    await user.selectOptions(screen.getByLabelText('Promotion'), 'all');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'name');
    await user.type(screen.getByLabelText('Search communities'), 'sub_1');
    expect(currentUrl(router)).toBe('/reddit/communities?sort=name&q=sub_1');
    expect(screen.getByText('Showing 10 communities')).toBeInTheDocument();
  });

  it('reads an unknown value as the default and a page past the end as the last page', async () => {
    stubCommunities(sixty());
    const { table } = await open('/reddit/communities?category=nonsense&sort=loudest&page=99');
    expect(screen.getByLabelText('Category')).toHaveValue('all');
    expect(screen.getByLabelText('Sort by')).toHaveValue('success');
    expect(pager()).toHaveTextContent('Page 3 of 3');
    expect(names(table)).toHaveLength(10);
  });

  it('pages the cards on a phone the same way', async () => {
    const list = { matches: false, addEventListener: () => undefined, removeEventListener: () => undefined };
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ ...list, media: query })),
    );
    stubCommunities(sixty());
    const user = userEvent.setup();
    renderApp('/reddit/communities?sort=members', { user: freeUser });
    const cards = await screen.findByRole('list', { name: 'Reddit Communities Database' });
    expect(within(cards).getAllByRole('article')).toHaveLength(25);
    await user.click(within(pager()).getByRole('link', { name: 'Next page' }));
    expect(within(cards).getAllByRole('article')[0]).toHaveAccessibleName('r/sub_26');
  });
});
