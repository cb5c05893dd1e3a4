import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { billingErrorCodes, billingMessages, billingTexts } from '@app/shared/billing';
import { renderApp } from '../../testing/render-app';
import { adminUser, freeUser, proUser, starterUser } from '../../testing/users';
import { callsOf, jsonResponse } from '../../testing/fetch-stub';
import { findToast, resetAuthState, sentBodies } from '../../testing/auth-api-stub';
import { cardFormTexts } from './components/card-payment-form';
import { checkoutTexts } from './checkout-page';
import { checkoutSession, configured, notConfigured, stubBillingApi } from '../../testing/billing-api-stub';

const stripeFakes = vi.hoisted(() => ({
  loadStripeJs: vi.fn(),
  confirmPayment: vi.fn(),
}));

vi.mock('./lib/load-stripe', () => ({ loadStripeJs: stripeFakes.loadStripeJs }));

// Stripe's React components talk to js.stripe.com; these stand in for them with the same contract.
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: { clientSecret: string } }) => (
    <div data-testid="stripe-elements" data-client-secret={options.clientSecret}>
      {children}
    </div>
  ),
  PaymentElement: ({ onReady }: { onReady: () => void }) => {
    queueMicrotask(onReady);
    return <div data-testid="payment-element">Card number</div>;
  },
  useStripe: () => ({ confirmPayment: stripeFakes.confirmPayment }),
  useElements: () => ({ kind: 'elements' }),
}));

beforeEach(() => {
  stripeFakes.loadStripeJs.mockReset().mockResolvedValue({ kind: 'stripe' });
  stripeFakes.confirmPayment.mockReset();
});

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

async function openCheckout(path: string, user = freeUser) {
  const view = renderApp(path, { user });
  await screen.findByRole('heading', { level: 1, name: 'Checkout' });
  return view;
}

describe('checkout page', () => {
  it('shows the plan from the URL with its catalogue price and features, and the back link', async () => {
    stubBillingApi({ 'GET /api/billing/config': jsonResponse(notConfigured) });
    await openCheckout('/checkout?plan=pro');
    expect(screen.getByRole('heading', { name: 'Pro plan' })).toBeInTheDocument();
    expect(screen.getByText('$24.99')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Pro plan includes' })).toHaveTextContent(
      'Unlimited AI generations',
    );
    expect(screen.getByRole('link', { name: /back to settings/i })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('link', { name: 'Switch to Starter' })).toHaveAttribute(
      'href',
      '/checkout?plan=starter',
    );
  });

  it.each(['/checkout', '/checkout?plan=enterprise'])('defaults %s to the Starter plan', async (path) => {
    stubBillingApi({ 'GET /api/billing/config': jsonResponse(notConfigured) });
    await openCheckout(path);
    expect(screen.getByRole('heading', { name: 'Starter plan' })).toBeInTheDocument();
    expect(screen.getByText('$13.99')).toBeInTheDocument();
  });

  it('shows the loading state while the payment is prepared', async () => {
    stubBillingApi({ 'GET /api/billing/config': () => new Promise<Response>(() => undefined) });
    await openCheckout('/checkout?plan=starter');
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent(checkoutTexts.preparing);
  });

  it("says 'Payment System Not Configured' and what to do, without starting a subscription", async () => {
    const fetchMock = stubBillingApi({ 'GET /api/billing/config': jsonResponse(notConfigured) });
    await openCheckout('/checkout?plan=pro');
    expect(await screen.findByRole('heading', { name: billingTexts.notConfiguredTitle })).toBeInTheDocument();
    expect(screen.getByText(billingTexts.notConfiguredText)).toBeInTheDocument();
    expect(screen.getByText(checkoutTexts.notConfiguredNext)).toBeInTheDocument();
    expect(callsOf(fetchMock).map((call) => call.path)).not.toContain('/api/create-subscription');
    expect(stripeFakes.loadStripeJs).not.toHaveBeenCalled();
  });

  it('also shows the not-configured state when the server answers PAYMENT_NOT_CONFIGURED', async () => {
    stubBillingApi({
      'GET /api/billing/config': jsonResponse(configured),
      'POST /api/create-subscription': jsonResponse(
        { message: billingMessages.notConfigured, code: billingErrorCodes.notConfigured },
        503,
      ),
    });
    await openCheckout('/checkout?plan=pro');
    expect(await screen.findByRole('heading', { name: billingTexts.notConfiguredTitle })).toBeInTheDocument();
  });

  it("shows 'Payment initialization failed' when the configuration cannot be read, and tries again", async () => {
    let answers = 0;
    stubBillingApi({
      'GET /api/billing/config': () =>
        ++answers === 1 ? jsonResponse({ message: 'boom' }, 500) : jsonResponse(notConfigured),
    });
    await openCheckout('/checkout?plan=pro');
    expect(
      await screen.findByRole('heading', { name: billingTexts.initializationFailed }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: billingTexts.notConfiguredTitle })).toBeInTheDocument();
  });

  it("toasts 'Setup Failed' and shows the failed state when the subscription cannot be started", async () => {
    stubBillingApi({
      'GET /api/billing/config': jsonResponse(configured),
      'POST /api/create-subscription': jsonResponse(
        { message: billingMessages.providerFailed, code: billingErrorCodes.providerUnavailable },
        502,
      ),
    });
    await openCheckout('/checkout?plan=pro');
    expect(
      await screen.findByRole('heading', { name: billingTexts.initializationFailed }),
    ).toBeInTheDocument();
    // The server's billing explanation (nothing charged, try again) is shown, not the generic 5xx text.
    expect(await findToast(billingTexts.setupFailed)).toHaveTextContent(billingMessages.providerFailed);
    expect(screen.getByRole('alert')).toHaveTextContent(billingMessages.providerFailed);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('explains that there is nothing to pay when the server says the plan is already paid', async () => {
    stubBillingApi({
      'GET /api/billing/config': jsonResponse(configured),
      'POST /api/create-subscription': jsonResponse(
        { message: billingMessages.alreadySubscribed('Pro'), code: billingErrorCodes.alreadySubscribed },
        409,
      ),
    });
    await openCheckout('/checkout?plan=pro');
    expect(await screen.findByRole('heading', { name: checkoutTexts.nothingToPay })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(billingMessages.alreadySubscribed('Pro'));
    // Not a failure: no 'Setup Failed' toast.
    expect(screen.queryByText(billingTexts.setupFailed)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('sends a Starter subscriber who opens the Pro checkout to the plan switch instead of a second subscription', async () => {
    stubBillingApi({
      'GET /api/billing/config': jsonResponse(configured),
      'POST /api/create-subscription': jsonResponse(
        {
          message: billingMessages.planChangeRequired('Starter', 'Pro'),
          code: billingErrorCodes.planChangeRequired,
        },
        409,
      ),
    });
    await openCheckout('/checkout?plan=pro');
    expect(await screen.findByRole('heading', { name: checkoutTexts.switchInstead })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(billingMessages.planChangeRequired('Starter', 'Pro'));
    expect(screen.getByRole('link', { name: checkoutTexts.toSubscription })).toHaveAttribute(
      'href',
      '/settings#subscription',
    );
    expect(screen.queryByText(billingTexts.setupFailed)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('starts the subscription with the catalogue amount and shows the Payment Element with its client secret', async () => {
    const fetchMock = stubBillingApi({
      'GET /api/billing/config': jsonResponse(configured),
      'POST /api/create-subscription': jsonResponse(checkoutSession('pro')),
    });
    await openCheckout('/checkout?plan=pro');
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/create-subscription')).toEqual([
      { plan: 'pro', amount: 2499 },
    ]);
    expect(stripeFakes.loadStripeJs).toHaveBeenCalledWith('pk_test_fake');
    expect(screen.getByTestId('stripe-elements')).toHaveAttribute('data-client-secret', 'pi_123_secret_abc');
    expect(await screen.findByRole('button', { name: 'Pay $24.99 and subscribe' })).toBeEnabled();
  });

  it('confirms the card with Stripe, returning to /dashboard?payment=success&plan=…', async () => {
    stripeFakes.confirmPayment.mockReturnValue(new Promise(() => undefined));
    stubBillingApi({
      'GET /api/billing/config': jsonResponse(configured),
      'POST /api/create-subscription': jsonResponse(checkoutSession('starter')),
    });
    await openCheckout('/checkout?plan=starter');
    const pay = await screen.findByRole('button', { name: 'Pay $13.99 and subscribe' });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    expect(stripeFakes.confirmPayment).toHaveBeenCalledWith({
      elements: { kind: 'elements' },
      confirmParams: { return_url: `${window.location.origin}/dashboard?payment=success&plan=starter` },
    });
    expect(screen.getByRole('button', { name: cardFormTexts.processing })).toBeDisabled();
  });

  it("toasts 'Payment Failed' with Stripe's message when the card is declined", async () => {
    stripeFakes.confirmPayment.mockResolvedValue({
      error: { type: 'card_error', message: 'Your card was declined.' },
    });
    stubBillingApi({
      'GET /api/billing/config': jsonResponse(configured),
      'POST /api/create-subscription': jsonResponse(checkoutSession('pro')),
    });
    await openCheckout('/checkout?plan=pro');
    const pay = await screen.findByRole('button', { name: 'Pay $24.99 and subscribe' });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    const toast = await findToast(billingTexts.paymentFailed);
    expect(toast).toHaveTextContent('Your card was declined.');
    expect(screen.getByRole('form', { name: 'Card payment' })).toHaveTextContent('Your card was declined.');
    expect(screen.getByRole('button', { name: 'Pay $24.99 and subscribe' })).toBeEnabled();
  });

  it("offers Stripe's hosted page and a retry when Stripe.js cannot load", async () => {
    stripeFakes.loadStripeJs
      .mockRejectedValueOnce(new Error('Failed to load Stripe.js'))
      .mockResolvedValueOnce({ kind: 'stripe' });
    stubBillingApi({
      'GET /api/billing/config': jsonResponse(configured),
      'POST /api/create-subscription': jsonResponse(checkoutSession('pro')),
    });
    await openCheckout('/checkout?plan=pro');
    expect(await screen.findByRole('heading', { name: cardFormTexts.loadFailedTitle })).toBeInTheDocument();
    // One way to Stripe's page, not the card form's alternative as well.
    expect(screen.getAllByRole('button', { name: /Stripe's secure page/ })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(stripeFakes.loadStripeJs).toHaveBeenCalledTimes(2);
  });

  it("opens the hosted payment page in a new tab, and toasts 'Payment link failed' on failure", async () => {
    const tab = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    let linkAnswers = 0;
    const fetchMock = stubBillingApi({
      'GET /api/billing/config': jsonResponse(configured),
      'POST /api/create-subscription': jsonResponse(checkoutSession('pro')),
      'POST /api/billing/payment-link': () =>
        ++linkAnswers === 1
          ? jsonResponse({ paymentUrl: 'https://checkout.stripe.com/c/pay/cs_test_1' })
          : jsonResponse(
              { message: billingMessages.providerUnavailable, code: billingErrorCodes.providerUnavailable },
              503,
            ),
    });
    await openCheckout('/checkout?plan=pro');
    await screen.findByTestId('payment-element');
    const link = screen.getByRole('button', { name: /Stripe's secure page/ });
    await userEvent.click(link);
    await waitFor(() => expect(tab.location.href).toBe('https://checkout.stripe.com/c/pay/cs_test_1'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(sentBodies(fetchMock, 'POST', '/api/billing/payment-link')).toEqual([{ plan: 'pro' }]);

    await userEvent.click(link);
    expect(await findToast(billingTexts.paymentLinkFailed)).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
  });

  it.each([
    [proUser, '/checkout?plan=pro', 'You are already on the Pro plan'],
    [proUser, '/checkout?plan=starter', 'already includes everything in Starter'],
    [adminUser, '/checkout?plan=pro', 'As an admin you already have every feature'],
  ])('has nothing to sell when the plan is not an upgrade', async (user, path, text) => {
    const fetchMock = stubBillingApi({});
    await openCheckout(path, user);
    expect(screen.getByRole('heading', { name: checkoutTexts.nothingToPay })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(text))).toBeInTheDocument();
    expect(callsOf(fetchMock)).toEqual([]);
  });

  it('lets a Starter user buy Pro', async () => {
    const fetchMock = stubBillingApi({
      'GET /api/billing/config': jsonResponse(configured),
      'POST /api/create-subscription': jsonResponse(checkoutSession('pro')),
    });
    await openCheckout('/checkout?plan=pro', starterUser);
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/create-subscription')).toEqual([
      { plan: 'pro', amount: 2499 },
    ]);
  });
});
