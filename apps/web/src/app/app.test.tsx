import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../testing/fetch-stub';
import { App } from './app';
import '../testing/dom-polyfills';

describe('App', () => {
  it('boots the browser router and shows visitors the landing page', async () => {
    const fetchMock = stubFetch(({ path }) =>
      path === '/api/auth/user' ? jsonResponse(null) : jsonResponse({}, 404),
    );
    render(<App />);
    expect(
      await screen.findByRole('heading', { level: 1, name: /create, protect and promote/i }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/user',
      expect.objectContaining({ credentials: 'include' }),
    );
  });
});
