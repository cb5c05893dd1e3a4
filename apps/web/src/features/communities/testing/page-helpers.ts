import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { freeUser } from '../../../testing/users';
import { callsOf, jsonResponse } from '../../../testing/fetch-stub';
import { stubApi } from '../../../testing/auth-api-stub';
import { sampleCommunities } from './community-fixtures';

/** Answers the list call with the sample communities (or the given ones); everything else as stubApi does. */
export function stubCommunities(list = sampleCommunities()) {
  return stubApi({ 'GET /api/reddit/communities': () => jsonResponse(list) });
}

/** Opens the page as a verified free user and waits for the table. */
export async function openPage() {
  renderApp('/reddit/communities', { user: freeUser });
  return screen.findByRole('table', { name: 'Reddit Communities Database' });
}

export const rowOf = (table: HTMLElement, name: string) =>
  within(table).getByText(`r/${name}`).closest('tr')!;

/** The paths (with query string) of every list call made. */
export const communityPaths = (fetchMock: ReturnType<typeof stubApi>) =>
  callsOf(fetchMock)
    .map((call) => call.path)
    .filter((path) => path.startsWith('/api/reddit/communities'));
