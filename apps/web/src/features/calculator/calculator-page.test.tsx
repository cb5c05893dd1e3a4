import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUrl, renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
import { stubApi } from '../../testing/auth-api-stub';
import { calculatorTexts } from './calculator-page';

afterEach(() => vi.unstubAllGlobals());

describe('Earnings calculator page', { timeout: 30_000 }, () => {
  it('computes the known example, then follows the platform, fee and tax fields', async () => {
    stubApi({});
    renderApp('/calculator', { user: freeUser });
    await screen.findByRole('heading', { level: 1, name: calculatorTexts.title }, { timeout: 10_000 });
    const results = screen.getByLabelText('Results');
    expect(within(results).getByText('$999.00')).toBeInTheDocument();
    expect(screen.getByTestId('net-monthly')).toHaveTextContent('$599.40');
    expect(within(results).getByText('$7,192.80')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Platform'), 'patreon');
    // 999.00 − 10 % = 899.10 payout; tax 224.775 rounds up to 224.78, so 674.32 is kept
    expect(screen.getByTestId('net-monthly')).toHaveTextContent('$674.32');

    await userEvent.selectOptions(screen.getByLabelText('Platform'), 'custom');
    const fee = screen.getByLabelText('Platform fee (%)');
    expect(fee).toBeEnabled();
    await userEvent.clear(fee);
    await userEvent.type(fee, '0');
    const tax = screen.getByLabelText('Tax estimate (%)');
    await userEvent.clear(tax);
    await userEvent.type(tax, '0');
    expect(screen.getByTestId('net-monthly')).toHaveTextContent('$999.00');
  });

  it('explains a bad field instead of showing a number', async () => {
    stubApi({});
    renderApp('/calculator', { user: freeUser });
    await screen.findByRole('heading', { level: 1, name: calculatorTexts.title }, { timeout: 10_000 });
    const price = screen.getByLabelText('Price per month');
    await userEvent.clear(price);
    await userEvent.type(price, 'abc');
    expect(screen.getByText(calculatorTexts.priceError)).toBeInTheDocument();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('net-monthly')).not.toBeInTheDocument();
  });
});

describe('Earnings calculator route', { timeout: 30_000 }, () => {
  it('sends visitors to / like every path spec 2 does not list as signed-out', async () => {
    const { router } = renderApp('/calculator', { user: null });
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: /create, protect and promote/i },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
  });
});
