import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authTexts } from '@app/shared/messages';
import { renderApp } from '../../testing/render-app';
import { jsonResponse } from '../../testing/fetch-stub';
import { findToast, resetAuthState, sentBodies, stubApi } from '../../testing/auth-api-stub';

afterEach(resetAuthState);

async function requestReset(email: string) {
  await screen.findByRole('heading', { level: 1, name: 'Forgot Password' });
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
}

describe('/forgot-password', () => {
  it('confirms with Check Your Email and the neutral text, linking back to /login', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/forgot-password': jsonResponse({ message: authTexts.forgotPasswordNeutral }),
    });
    renderApp('/forgot-password', { user: null });
    await requestReset('velvet@example.com');

    expect(
      await screen.findByRole('heading', { level: 1, name: authTexts.checkYourEmail }),
    ).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent(authTexts.forgotPasswordNeutral);
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(sentBodies(fetchMock, 'POST', '/api/auth/forgot-password')).toEqual([
      { email: 'velvet@example.com' },
    ]);
  });

  it('stays on the form and explains a failure', async () => {
    stubApi({ 'POST /api/auth/forgot-password': () => new Response('', { status: 503 }) });
    renderApp('/forgot-password', { user: null });
    await requestReset('velvet@example.com');
    await findToast(authTexts.forgotFailed);
    expect(screen.getByRole('alert')).toHaveTextContent(authTexts.forgotFailed);
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeInTheDocument();
  });
});
