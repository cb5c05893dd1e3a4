import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUserQueryKey } from '../../lib/query-client';
import { callsOf, jsonResponse, stubFetch } from '../../testing/fetch-stub';
import { currentUrl, renderApp } from '../../testing/render-app';
import { freeUser, makeUser } from '../../testing/users';

function stubLogout(status: number) {
  return stubFetch(({ path }) => {
    if (path === '/api/csrf-token') return jsonResponse({ csrfToken: 'csrf-1' });
    if (path === '/api/auth/logout')
      return status === 204 ? new Response(null, { status }) : jsonResponse({ message: 'Boom' }, status);
    return jsonResponse({ message: 'Not Found' }, 404);
  });
}

describe('/logout', () => {
  it('logs out, forgets the user and opens the login dialog', async () => {
    const fetchMock = stubLogout(204);
    const { router, queryClient } = renderApp('/logout', { user: freeUser });
    await waitFor(() => expect(currentUrl(router)).toBe('/login'));
    expect(await screen.findByRole('dialog', { name: 'Welcome back' })).toBeInTheDocument();
    expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull();
    const logout = callsOf(fetchMock).find((call) => call.path === '/api/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('X-CSRF-Token')).toBe('csrf-1');
    expect(callsOf(fetchMock).filter((call) => call.path === '/api/auth/logout')).toHaveLength(1);
  });

  it('goes to /login?logoutError=1 when the server call fails', async () => {
    stubLogout(500);
    const { router, queryClient } = renderApp('/logout', { user: freeUser });
    await waitFor(() => expect(currentUrl(router)).toBe('/login?logoutError=1'));
    expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull();
    expect(await screen.findByRole('dialog', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('works for a user who must change the password', async () => {
    stubLogout(204);
    const { router } = renderApp('/logout', { user: makeUser({ mustChangePassword: true }) });
    await waitFor(() => expect(currentUrl(router)).toBe('/login'));
  });
});
