import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billingErrorCodes, billingMessages, billingTexts } from '@app/shared/billing';
import { renderApp } from '../../testing/render-app';
import { freeUser, proUser, starterUser } from '../../testing/users';
import { jsonResponse } from '../../testing/fetch-stub';
import { findToast, resetAuthState, sentBodies } from '../../testing/auth-api-stub';
import {
  activeSubscription,
  configured,
  noSubscription,
  notConfigured,
  stubBillingApi,
} from '../../testing/billing-api-stub';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

async function openBillingTab(user = freeUser) {
  renderApp('/enterprise?tab=billing', { user });
  // The enterprise page is a lazy route: its first load in a busy test run can take seconds.
  return screen.findByRole('tabpanel', {}, { timeout: 10_000 });
}

describe('enterprise billing tab', () => {
  it("shows the plan and offers Stripe's payment page for each upgrade, opened in a new tab", async () => {
    const tab = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const fetchMock = stubBillingApi({
      'GET /api/billing/config': jsonResponse(configured),
      'GET /api/subscription': jsonResponse(noSubscription),
      'POST /api/billing/payment-link': jsonResponse({
        paymentUrl: 'https://checkout.stripe.com/c/pay/cs_test_2',
      }),
    });
    const panel = await openBillingTab();
    expect(panel).toHaveTextContent('Free plan');
    expect(
      await screen.findByRole('button', { name: /Starter on Stripe's payment page/ }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Pro on Stripe's payment page/ }));
    await waitFor(() => expect(tab.location.href).toBe('https://checkout.stripe.com/c/pay/cs_test_2'));
    expect(sentBodies(fetchMock, 'POST', '/api/billing/payment-link')).toEqual([{ plan: 'pro' }]);
    expect(screen.getByRole('link', { name: 'Get Pro for $24.99/month' })).toHaveAttribute(
      'href',
      '/checkout?plan=pro',
    );
  });

  it('says when card payments are not set up instead of offering a page that cannot open', async () => {
    stubBillingApi({
      'GET /api/billing/config': jsonResponse(notConfigured),
      'GET /api/subscription': jsonResponse(noSubscription),
    });
    const panel = await openBillingTab();
    await waitFor(() => expect(panel).toHaveTextContent(billingTexts.notConfiguredTitle));
    expect(screen.queryByRole('button', { name: /Stripe's payment page/ })).not.toBeInTheDocument();
  });

  it("toasts 'Payment link failed' with the provider's explanation, and closes the blank tab", async () => {
    const tab = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    stubBillingApi({
      'GET /api/billing/config': jsonResponse(configured),
      // Starter without a running subscription (e.g. set by an admin): a running one switches plan instead.
      'GET /api/subscription': jsonResponse({ ...noSubscription, tier: 'starter' }),
      'POST /api/billing/payment-link': jsonResponse(
        { message: billingMessages.providerUnavailable, code: billingErrorCodes.providerUnavailable },
        503,
      ),
    });
    await openBillingTab(starterUser);
    await userEvent.click(await screen.findByRole('button', { name: /Pro on Stripe's payment page/ }));
    expect(await findToast(billingTexts.paymentLinkFailed)).toHaveTextContent(
      billingMessages.providerUnavailable,
    );
    expect(tab.close).toHaveBeenCalled();
    expect(
      screen.queryByRole('button', { name: /Starter on Stripe's payment page/ }),
    ).not.toBeInTheDocument();
  });

  it('offers pro users no upgrade', async () => {
    stubBillingApi({
      'GET /api/billing/config': jsonResponse(configured),
      'GET /api/subscription': jsonResponse(activeSubscription('pro')),
    });
    const panel = await openBillingTab(proUser);
    await waitFor(() => expect(panel).toHaveTextContent('$24.99 / month'));
    expect(screen.queryByRole('button', { name: /Stripe's payment page/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Upgrade to|Get (Starter|Pro)/ })).not.toBeInTheDocument();
  });
});
