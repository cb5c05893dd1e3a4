import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { accountFlowTexts, signInFallbackMessage } from '@app/shared/messages';
import { currentUrl, renderApp } from '../../../testing/render-app';
import { freeUser } from '../../../testing/users';
import { callsOf, jsonResponse } from '../../../testing/fetch-stub';
import { findToast, resetAuthState, stubApi, toastDuration } from '../../../testing/auth-api-stub';
import { formatCount } from '../../../features/landing/components/metrics-band';

afterEach(resetAuthState);

async function metricsBand() {
  return screen.findByRole('region', { name: 'Creator Studio in numbers' });
}

describe('landing: public metrics', () => {
  it('shows creators, engagement and posts, formatted', async () => {
    stubApi({ 'GET /api/metrics': jsonResponse({ creators: 12_345, engagement: 987, posts: 1_520_000 }) });
    renderApp('/', { user: null });
    const band = await metricsBand();
    await waitFor(() => expect(within(band).getByText('12.3K+')).toBeInTheDocument());
    expect(within(band).getByText('987')).toBeInTheDocument();
    expect(within(band).getByText('1.5M+')).toBeInTheDocument();
    expect(within(band).getByText('Creators on Creator Studio')).toBeInTheDocument();
  });

  it('stays calm when the numbers cannot be loaded', async () => {
    stubApi({ 'GET /api/metrics': () => new Response('', { status: 503 }) });
    renderApp('/', { user: null });
    const band = await metricsBand();
    expect(await within(band).findByText(accountFlowTexts.metricsUnavailable)).toBeInTheDocument();
    expect(within(band).getAllByText('Not available')).toHaveLength(3);
    // The rest of the landing is unaffected.
    expect(screen.getByRole('heading', { level: 3, name: 'Smart Scheduling' })).toBeInTheDocument();
  });

  it('says what a default install does: the built-in writer drafts, an AI model is an option', async () => {
    stubApi({ 'GET /api/metrics': jsonResponse({ creators: 1, engagement: 1, posts: 1 }) });
    renderApp('/', { user: null });
    const hero = await screen.findByRole('heading', { level: 1 });
    expect(hero.parentElement).toHaveTextContent('Draft captions for every platform from a few words');
    expect(hero.parentElement).not.toHaveTextContent(/\bAI\b/);
    // The spec's card title stays; its text does not claim that AI writes by default.
    const card = screen.getByRole('heading', { level: 3, name: 'AI Content Generation' }).parentElement!;
    expect(card).toHaveTextContent(
      'A built-in writer drafts titles, captions and hashtags for Reddit, Twitter, Instagram and TikTok from your prompt. Connect an AI model (OpenAI, or a local one with Ollama) for AI-written copy.',
    );
  });

  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K+'],
    [2_500_000, '2.5M+'],
  ])('formats %d as %s', (value, text) => {
    expect(formatCount(value)).toBe(text);
  });
});

describe('landing: query parameters', () => {
  it('keeps ?ref uppercased as the pending referral code and cleans the URL', async () => {
    stubApi({});
    const { router } = renderApp('/?ref=rose42&utm_source=reddit', { user: null });
    await waitFor(() => expect(currentUrl(router)).toBe('/?utm_source=reddit'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem('pendingReferralCode')).toBe('ROSE42');
  });

  it('toasts Email Verified for 5 seconds and opens the login with the e-mail', async () => {
    stubApi({});
    const { router } = renderApp('/?verified=true&email=velvet%40example.com', { user: null });
    expect(await findToast('Email Verified')).toHaveTextContent(accountFlowTexts.verifiedToastText);
    expect(toastDuration('Email Verified')).toBe(5000);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome back' });
    expect(within(dialog).getByLabelText('Username or email')).toHaveValue('velvet@example.com');
    expect(currentUrl(router)).toBe('/login');
  });

  it.each([
    [
      'expired_token',
      accountFlowTexts.verificationErrorTitle,
      'Verification link has expired. Please request a new one.',
    ],
    [
      'verification_failed',
      accountFlowTexts.verificationErrorTitle,
      'Verification failed. Please try again or contact support.',
    ],
    [
      'google_failed',
      accountFlowTexts.signInErrorTitle,
      'Google sign-in failed. Please try again or use another sign-in method.',
    ],
    [
      'reddit_auth_failed',
      accountFlowTexts.signInErrorTitle,
      'Reddit authentication failed. Please try again.',
    ],
    ['toString', accountFlowTexts.signInErrorTitle, signInFallbackMessage],
    ['no_such_code', accountFlowTexts.signInErrorTitle, signInFallbackMessage],
  ])('explains ?error=%s for 6 seconds and cleans the URL', async (code, title, text) => {
    stubApi({});
    const { router } = renderApp(`/?error=${code}`, { user: null });
    expect(await findToast(title)).toHaveTextContent(text);
    expect(toastDuration(title)).toBe(6000);
    expect(currentUrl(router)).toBe('/');
  });

  it('refreshes the current user and confirms ?reddit=connected', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/user': () => jsonResponse({ ...freeUser, username: 'fresh' }),
    });
    const { router, queryClient } = renderApp('/landing?reddit=connected', { user: freeUser });
    expect(await findToast(accountFlowTexts.redditConnectedTitle)).toHaveTextContent(
      accountFlowTexts.redditConnectedText,
    );
    await waitFor(() => expect(callsOf(fetchMock).map((call) => call.path)).toContain('/api/auth/user'));
    await waitFor(() =>
      expect(queryClient.getQueryData<typeof freeUser>(['/api/auth/user'])?.username).toBe('fresh'),
    );
    expect(currentUrl(router)).toBe('/landing');
  });

  it('warns on /login?logoutError=1 that signing out may not have completed', async () => {
    stubApi({});
    const { router } = renderApp('/login?logoutError=1', { user: null });
    expect(await findToast(accountFlowTexts.logoutErrorTitle)).toHaveTextContent(
      accountFlowTexts.logoutErrorText,
    );
    await waitFor(() => expect(currentUrl(router)).toBe('/login'));
    expect(screen.getByRole('dialog', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('leaves a URL without these parameters alone', async () => {
    stubApi({});
    const { router } = renderApp('/?utm_source=reddit', { user: null });
    await screen.findByRole('heading', { level: 1, name: /create, protect and promote/i });
    expect(currentUrl(router)).toBe('/?utm_source=reddit');
    expect(router.state.historyAction).toBe('POP');
  });
});
