import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { callsOf, jsonResponse, stubFetch } from '../testing/fetch-stub';
import { PublicLayout } from './layout/public-layout';
import { PublicApp } from './public-app';
import { createRoutes } from './route-tree';
import '../testing/dom-polyfills';

function renderPublicApp(path: string) {
  const router = createMemoryRouter(createRoutes(<PublicLayout />), { initialEntries: [path] });
  render(<PublicApp router={router} />);
  return router;
}

describe('the visitors app (decision 033)', () => {
  it('shows the landing with the visitor header and makes no current-user lookup', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ creators: 1, engagement: 2, posts: 3 }));
    renderPublicApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: /create, protect and promote/i }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Theme' })).toHaveAttribute('aria-haspopup', 'menu');
    expect(screen.getByRole('main')).toBeInTheDocument();
    await waitFor(() => expect(callsOf(fetchMock).map((call) => call.path)).toContain('/api/metrics'));
    expect(callsOf(fetchMock).map((call) => call.path)).not.toContain('/api/auth/user');
  });

  it('sends visitors from a signed-in page back to /', async () => {
    stubFetch(() => jsonResponse({}, 404));
    const router = renderPublicApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('gives pages that use the query client one of their own', async () => {
    stubFetch(() => jsonResponse({}, 404));
    renderPublicApp('/forgot-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
  });
});
