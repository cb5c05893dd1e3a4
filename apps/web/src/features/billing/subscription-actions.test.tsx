import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billingErrorCodes, billingMessages, type SubscriptionResponse } from '@app/shared/billing';
import { renderApp } from '../../testing/render-app';
import { callsOf, jsonResponse } from '../../testing/fetch-stub';
import { findToast, resetAuthState, sentBodies, stubLocationAssign } from '../../testing/auth-api-stub';
import {
  SubscriptionActions,
  subscriptionActionTexts,
  webhookPolling,
} from './components/subscription-actions';
import { SubscriptionSummary } from './components/subscription-summary';
import { activeSubscription, noSubscription, stubBillingApi } from '../../testing/billing-api-stub';

afterEach(() => {
  vi.useRealTimers();
  resetAuthState();
  vi.unstubAllGlobals();
});

function renderActions() {
  return renderApp('/', { user: null, routes: [{ path: '/', element: <SubscriptionActions /> }] });
}

const subscriptionReads = (fetchMock: ReturnType<typeof stubBillingApi>) =>
  callsOf(fetchMock).filter((call) => call.method === 'GET' && call.path === '/api/subscription').length;

describe('subscription actions', () => {
  it('switches Starter to Pro after a proration warning, then polls until the webhook reports Pro', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let webhookArrived = false;
    const fetchMock = stubBillingApi({
      'GET /api/subscription': () =>
        jsonResponse(webhookArrived ? activeSubscription('pro') : activeSubscription('starter')),
      'POST /api/subscription/change': jsonResponse({
        subscriptionId: 'sub_1',
        plan: 'pro',
        status: 'active',
        nextBillDate: null,
      }),
    });
    renderActions();
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to Pro' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Switch to Pro?' });
    expect(dialog).toHaveTextContent('pro rata');
    expect(dialog).toHaveTextContent('$24.99 a month');
    expect(screen.queryByRole('button', { name: 'Switch to Starter' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch to Pro' }));

    expect(sentBodies(fetchMock, 'POST', '/api/subscription/change')).toEqual([{ plan: 'pro' }]);
    expect(await screen.findByRole('status')).toHaveTextContent(subscriptionActionTexts.waiting);
    const before = subscriptionReads(fetchMock);
    await act(() => vi.advanceTimersByTimeAsync(webhookPolling.intervalMs * 2));
    expect(subscriptionReads(fetchMock)).toBeGreaterThan(before);
    expect(screen.getByRole('status')).toHaveTextContent(subscriptionActionTexts.waiting);

    webhookArrived = true;
    await act(() => vi.advanceTimersByTimeAsync(webhookPolling.intervalMs));
    expect(await screen.findByRole('button', { name: 'Switch to Starter' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // Polling stops once the state shows.
    const settled = subscriptionReads(fetchMock);
    await act(() => vi.advanceTimersByTimeAsync(webhookPolling.intervalMs * 3));
    expect(subscriptionReads(fetchMock)).toBe(settled);
  });

  it('says when Stripe is slow to confirm instead of waiting for ever', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubBillingApi({
      'GET /api/subscription': jsonResponse(activeSubscription('pro')),
      'POST /api/subscription/change': jsonResponse({
        subscriptionId: 'sub_1',
        plan: 'starter',
        status: 'active',
        nextBillDate: null,
      }),
    });
    renderActions();
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to Starter' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Switch to Starter?' });
    expect(dialog).toHaveTextContent('credited to your next bills');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch to Starter' }));
    await screen.findByText(subscriptionActionTexts.waiting);
    await act(() => vi.advanceTimersByTimeAsync(webhookPolling.giveUpAfterMs + webhookPolling.intervalMs));
    expect(await screen.findByRole('status')).toHaveTextContent(subscriptionActionTexts.slow);
  });

  it('cancels after saying until when the plan is kept, then offers to resume', async () => {
    let state: SubscriptionResponse = activeSubscription('starter');
    const fetchMock = stubBillingApi({
      'GET /api/subscription': () => jsonResponse(state),
      'POST /api/subscription/cancel': () => {
        state = activeSubscription('starter', { cancelAtPeriodEnd: true });
        return jsonResponse(state);
      },
      'POST /api/subscription/resume': () => {
        state = activeSubscription('starter');
        return jsonResponse(state);
      },
    });
    renderActions();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('alertdialog', { name: subscriptionActionTexts.cancelTitle });
    expect(dialog).toHaveTextContent('You keep Starter until March 3, 2027.');
    // Keeping it sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    expect(sentBodies(fetchMock, 'POST', '/api/subscription/cancel')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel subscription' }),
    );
    expect(await screen.findByRole('button', { name: 'Resume subscription' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Switch to Pro' })).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/subscription/cancel')).toEqual([{}]);

    await userEvent.click(screen.getByRole('button', { name: 'Resume subscription' }));
    expect(await screen.findByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/subscription/resume')).toEqual([{}]);
  });

  it("opens Stripe's billing portal in this tab", async () => {
    const assign = stubLocationAssign();
    stubBillingApi({
      'GET /api/subscription': jsonResponse(activeSubscription('pro')),
      'POST /api/billing/portal': jsonResponse({ url: 'https://billing.stripe.com/p/session/test_1' }),
    });
    renderActions();
    await userEvent.click(await screen.findByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_1'));
  });

  it("shows the server's explanation when the switch fails, and the plan stays", async () => {
    stubBillingApi({
      'GET /api/subscription': jsonResponse(activeSubscription('starter')),
      'POST /api/subscription/change': jsonResponse(
        {
          code: billingErrorCodes.planChangePaymentFailed,
          message: billingMessages.planChangePaymentFailed('Pro'),
        },
        402,
      ),
    });
    renderActions();
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to Pro' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Switch to Pro' }),
    );
    const toastItem = await findToast(subscriptionActionTexts.failed);
    expect(toastItem).toHaveTextContent(billingMessages.planChangePaymentFailed('Pro'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows nothing without a subscription', async () => {
    const fetchMock = stubBillingApi({ 'GET /api/subscription': jsonResponse(noSubscription) });
    renderActions();
    await waitFor(() => expect(subscriptionReads(fetchMock)).toBe(1));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('subscription summary', () => {
  const props = { isPending: false, error: null, onRetry: () => undefined };

  it('says when a cancelled subscription ends', () => {
    render(<SubscriptionSummary {...props} data={activeSubscription('pro', { cancelAtPeriodEnd: true })} />);
    expect(screen.getByText('Cancels on March 3, 2027')).toBeInTheDocument();
    expect(screen.getByText('Ends')).toBeInTheDocument();
  });

  it('shows a refunded subscription as Refunded, with no next bill', () => {
    render(
      <SubscriptionSummary
        {...props}
        data={{ ...activeSubscription('pro', { status: 'refunded', nextBillDate: null }), tier: 'free' }}
      />,
    );
    expect(screen.getByText('Refunded')).toBeInTheDocument();
    expect(screen.getByText('None scheduled')).toBeInTheDocument();
    expect(screen.getByText(/refunded in full/)).toBeInTheDocument();
  });
});
