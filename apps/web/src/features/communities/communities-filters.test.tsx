import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
import { jsonResponse } from '../../testing/fetch-stub';
import { resetAuthState, stubApi } from '../../testing/auth-api-stub';
import { sampleCommunities } from './testing/community-fixtures';
import { communityPaths, openPage, stubCommunities } from './testing/page-helpers';

afterEach(resetAuthState);

describe('communities page: filters, loading and errors', () => {
  it('filters and sorts on the client, and offers to clear filters that match nothing', async () => {
    const fetchMock = stubCommunities();
    const user = userEvent.setup();
    const table = await openPage();
    await user.selectOptions(screen.getByLabelText('Promotion'), 'yes');
    expect(screen.getByText('Showing 2 communities')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'members');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent?.slice(0, 10)),
    ).toEqual(['r/fitgirls', 'r/cosplayb']);
    await user.selectOptions(screen.getByLabelText('Verification'), 'required');
    expect(screen.getByText('Showing 0 communities')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No communities match these filters' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByText('Showing 3 communities')).toBeInTheDocument();
    expect(screen.getByLabelText('Sort by')).toHaveValue('members');
    // Only the first load asked the server: these filters are the page's own.
    expect(communityPaths(fetchMock)).toEqual(['/api/reddit/communities']);
  });

  it('sends category and search to the server as a query string, search once typing pauses', async () => {
    const fetchMock = stubCommunities();
    const user = userEvent.setup();
    await openPage();
    await user.type(screen.getByLabelText('Search communities'), 'Gym');
    // The page narrows at once, before the server answers.
    expect(screen.getByText('Showing 1 community')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Category'), 'fitness');
    await waitFor(() =>
      expect(communityPaths(fetchMock)).toContain('/api/reddit/communities?category=fitness&search=Gym'),
    );
    // The header and panel keep the whole database's count while the list is narrowed.
    expect(screen.getByText(/: 3 active communities, each with/)).toBeInTheDocument();
    expect(screen.getByText(/^Browse 3 communities with/)).toBeInTheDocument();
    expect(communityPaths(fetchMock)).not.toContain('/api/reddit/communities?search=G');
  });

  it('shows the error once, without retrying, and loads again on request', async () => {
    let answer = jsonResponse({ message: 'Database unavailable' }, 503);
    const fetchMock = stubApi({ 'GET /api/reddit/communities': () => answer });
    const user = userEvent.setup();
    renderApp('/reddit/communities', { user: freeUser });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Server error occurred. Please try again in a few moments.');
    expect(communityPaths(fetchMock)).toHaveLength(1);
    answer = jsonResponse(sampleCommunities());
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 3 communities')).toBeInTheDocument();
  });

  it('shows a loading skeleton, then the empty database state', async () => {
    let release: (response: Response) => void = () => undefined;
    stubApi({ 'GET /api/reddit/communities': () => new Promise<Response>((resolve) => (release = resolve)) });
    renderApp('/reddit/communities', { user: freeUser });
    expect(await screen.findByText('Loading communities...')).toBeInTheDocument();
    release(jsonResponse([]));
    expect(await screen.findByRole('heading', { name: 'No communities yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });
});
