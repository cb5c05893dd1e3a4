import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { shellTexts } from '@app/shared/messages';
import { LoadingErrorPage, RootErrorBoundary } from './root-error-boundary';
import { RouteErrorPage } from './route-error-page';
import { currentUrl, renderApp } from '../testing/render-app';

function Boom(): never {
  throw new Error('kaboom');
}

describe('route error page', () => {
  it('replaces a crashing page with the error page and its two buttons', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const routes = [
      { path: '/', element: <h1>Home sweet home</h1> },
      { path: '/broken', element: <Boom />, errorElement: <RouteErrorPage /> },
    ];
    const { router } = renderApp('/broken', { user: null, routes });
    expect(
      await screen.findByRole('heading', { level: 1, name: shellTexts.errorPageTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: shellTexts.refreshPage })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: shellTexts.goHome }));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Home sweet home' })).toBeInTheDocument();
  });
});

describe('root error boundary', () => {
  it('shows the Loading Error page with a Refresh button when the app itself fails', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <RootErrorBoundary>
        <Boom />
      </RootErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: shellTexts.rootLoadingError })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: shellTexts.refresh })).toBeInTheDocument();
  });

  it('renders the app untouched when nothing fails', () => {
    render(
      <RootErrorBoundary>
        <p>All good</p>
      </RootErrorBoundary>,
    );
    expect(screen.getByText('All good')).toBeInTheDocument();
    expect(screen.queryByText(shellTexts.rootLoadingError)).not.toBeInTheDocument();
  });

  it('reloads the page from the Refresh button', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(<LoadingErrorPage />);
    await userEvent.click(screen.getByRole('button', { name: shellTexts.refresh }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
