import type { Page } from 'playwright-core';

/**
 * Stripe.js cannot load offline, so billing journeys that go past that point serve this instead of
 * https://js.stripe.com/…/stripe.js, only inside the test's browser. It speaks the small part of
 * Stripe.js that @stripe/react-stripe-js and the checkout page use: elements() with a Payment
 * Element (a plain card number field mounted in the page) and confirmPayment(), which declines
 * 4000 0000 0000 0002 like Stripe's test card and otherwise goes to the return URL the way Stripe
 * does after a successful confirmation.
 */
const fakeStripeJs = `
(() => {
  function Stripe(publishableKey) {
    if (!/^pk_/.test(publishableKey)) throw new Error('Invalid publishable key');
    let cardInput = null;
    const stripe = {
      _registerWrapper() {},
      registerAppInfo() {},
      createToken() {},
      createPaymentMethod() {},
      confirmCardPayment() {},
      elements(options) {
        if (!options || !options.clientSecret) throw new Error('elements() needs the client secret');
        window.__fakeStripe = { clientSecret: options.clientSecret, confirmations: [] };
        return {
          update() {},
          create(type) {
            const listeners = {};
            let host = null;
            return {
              mount(node) {
                host = node;
                const label = document.createElement('label');
                label.textContent = 'Card number (test Stripe form, ' + type + ')';
                cardInput = document.createElement('input');
                cardInput.setAttribute('aria-label', 'Card number');
                cardInput.autocomplete = 'cc-number';
                label.appendChild(cardInput);
                node.appendChild(label);
                setTimeout(() => (listeners.ready || []).forEach((cb) => cb({ elementType: type })), 50);
              },
              on(event, cb) { (listeners[event] = listeners[event] || []).push(cb); },
              off(event, cb) { listeners[event] = (listeners[event] || []).filter((item) => item !== cb); },
              update() {},
              destroy() { if (host) host.textContent = ''; },
            };
          },
        };
      },
      async confirmPayment({ confirmParams }) {
        const number = (cardInput && cardInput.value || '').replace(/\\s/g, '');
        window.__fakeStripe.confirmations.push({ number, returnUrl: confirmParams.return_url });
        await new Promise((resolve) => setTimeout(resolve, 300));
        if (number === '4000000000000002') {
          return { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };
        }
        const url = new URL(confirmParams.return_url);
        url.searchParams.set('payment_intent', 'pi_fake');
        url.searchParams.set('redirect_status', 'succeeded');
        window.location.assign(url.toString());
        return new Promise(() => {});
      },
    };
    return stripe;
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;

/** Serves the fake Stripe.js in place of the real one (the server's CSP allows js.stripe.com once payments are configured). */
export async function serveFakeStripeJs(page: Page) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: fakeStripeJs }),
  );
}
