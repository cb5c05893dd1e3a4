import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billingTexts } from '@app/shared/billing';
import { currentUrl, renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
import { callsOf, jsonResponse } from '../../testing/fetch-stub';
import { currentUserQueryKey } from '../../lib/query-client';
import { resetAuthState } from '../../testing/auth-api-stub';
import { confirmationPolling, paymentReturnTexts } from './components/payment-return-notice';
import { activeSubscription, noSubscription, stubBillingApi } from '../../testing/billing-api-stub';

afterEach(() => {
  vi.useRealTimers();
  resetAuthState();
  vi.unstubAllGlobals();
});

const subscriptionCalls = (fetchMock: ReturnType<typeof stubBillingApi>) =>
  callsOf(fetchMock).filter((call) => call.path === '/api/subscription').length;

describe('back on the dashboard after paying', () => {
  it('says the payment is being confirmed and polls until the webhook has changed the tier', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let webhookArrived = false;
    const fetchMock = stubBillingApi({
      'GET /api/subscription': () =>
        jsonResponse(webhookArrived ? activeSubscription('pro') : noSubscription),
      'GET /api/auth/user': jsonResponse({ ...freeUser, tier: 'pro' }),
    });
    const { queryClient, router } = renderApp('/dashboard?payment=success&plan=pro', { user: freeUser });
    expect(await screen.findByRole('heading', { name: paymentReturnTexts.confirming })).toBeInTheDocument();
    expect(screen.getByText('Plan: Pro')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(confirmationPolling.intervalMs * 2));
    expect(subscriptionCalls(fetchMock)).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('heading', { name: paymentReturnTexts.confirming })).toBeInTheDocument();

    webhookArrived = true;
    await act(() => vi.advanceTimersByTimeAsync(confirmationPolling.intervalMs));
    expect(
      await screen.findByRole('heading', { name: paymentReturnTexts.confirmed('Pro') }),
    ).toBeInTheDocument();
    // The signed-in user is read again, so the header drops its upgrade button.
    await waitFor(() => expect(queryClient.getQueryData(currentUserQueryKey)).toMatchObject({ tier: 'pro' }));
    const calls = subscriptionCalls(fetchMock);
    await act(() => vi.advanceTimersByTimeAsync(confirmationPolling.intervalMs * 3));
    expect(subscriptionCalls(fetchMock)).toBe(calls);

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(currentUrl(router)).toBe('/dashboard');
    expect(
      screen.queryByRole('heading', { name: paymentReturnTexts.confirmed('Pro') }),
    ).not.toBeInTheDocument();
  });

  it('stops polling after a while, says so, and checks again on request', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let webhookArrived = false;
    const fetchMock = stubBillingApi({
      'GET /api/subscription': () =>
        jsonResponse(webhookArrived ? activeSubscription('starter') : noSubscription),
      'GET /api/auth/user': jsonResponse({ ...freeUser, tier: 'starter' }),
    });
    renderApp('/dashboard?payment=success&plan=starter', { user: freeUser });
    await screen.findByRole('heading', { name: paymentReturnTexts.confirming });
    await act(() => vi.advanceTimersByTimeAsync(confirmationPolling.giveUpAfterMs + 1));
    expect(await screen.findByRole('heading', { name: paymentReturnTexts.slowTitle })).toBeInTheDocument();
    const calls = subscriptionCalls(fetchMock);
    await act(() => vi.advanceTimersByTimeAsync(confirmationPolling.intervalMs * 3));
    expect(subscriptionCalls(fetchMock)).toBe(calls);

    webhookArrived = true;
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(
      await screen.findByRole('heading', { name: paymentReturnTexts.confirmed('Starter') }),
    ).toBeInTheDocument();
  });

  it("says 'Payment Failed' when Stripe returns with a failed redirect, and offers to try again", async () => {
    const fetchMock = stubBillingApi({});
    renderApp('/dashboard?payment=success&plan=pro&payment_intent=pi_1&redirect_status=failed', {
      user: freeUser,
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(billingTexts.paymentFailed);
    expect(alert).toHaveTextContent(paymentReturnTexts.failedText);
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/checkout?plan=pro');
    expect(subscriptionCalls(fetchMock)).toBe(0);
  });

  it('shows nothing on a plain visit to the dashboard', async () => {
    const fetchMock = stubBillingApi({});
    renderApp('/dashboard', { user: freeUser });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByText(paymentReturnTexts.confirming)).not.toBeInTheDocument();
    expect(screen.queryByText(billingTexts.paymentFailed)).not.toBeInTheDocument();
    expect(subscriptionCalls(fetchMock)).toBe(0);
  });
});
