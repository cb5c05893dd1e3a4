import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { referralTexts, type ReferralOverview } from '@app/shared/referral';
import { renderApp } from '../../testing/render-app';
import { proUser } from '../../testing/users';
import { callsOf, jsonResponse } from '../../testing/fetch-stub';
import { resetAuthState, stubApi } from '../../testing/auth-api-stub';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

const overview: ReferralOverview = {
  code: 'AB12CD34EF',
  counts: { signedUp: 3, linked: 2 },
  earnings: {
    plan: 'pro',
    creditPerReferralCents: 2499,
    rewardedReferrals: 1,
    totalCreditCents: 2499,
    currency: 'usd',
  },
  referrals: [
    {
      id: '1',
      name: 'Ada Lovelace',
      joinedAt: '2026-03-05T10:00:00.000Z',
      status: 'linked',
      currentPlan: 'pro',
      earnsCredit: true,
    },
    {
      id: '2',
      name: 'b***@example.com',
      joinedAt: '2026-03-04T10:00:00.000Z',
      status: 'linked',
      currentPlan: null,
      earnsCredit: false,
    },
    {
      id: '3',
      name: 'c***@example.com',
      joinedAt: '2026-03-01T10:00:00.000Z',
      status: 'pending_review',
      currentPlan: 'starter',
      earnsCredit: false,
    },
  ],
};

async function openPage() {
  renderApp('/referral', { user: proUser });
  await screen.findByRole('heading', { level: 1, name: referralTexts.pageTitle }, { timeout: 10_000 });
}

describe('Referral page', { timeout: 30_000 }, () => {
  it('shows the code, the share link, the counts, the credit with its rule and the people referred', async () => {
    stubApi({ 'GET /api/referral/me': () => jsonResponse(overview) });
    await openPage();

    expect(await screen.findByRole('status', { name: referralTexts.codeLabel })).toHaveTextContent(
      'AB12CD34EF',
    );
    expect(screen.getByRole('status', { name: referralTexts.linkLabel })).toHaveTextContent(
      `${window.location.origin}/?ref=AB12CD34EF`,
    );
    const stats = screen.getByRole('region', { name: referralTexts.rewardTitle });
    const value = (label: string) => within(stats).getByText(label).nextElementSibling?.textContent;
    expect(value(referralTexts.signedUpLabel)).toBe('3');
    expect(value(referralTexts.linkedLabel)).toBe('2');
    expect(value(referralTexts.earnedLabel)).toBe('$24.99');
    expect(stats).toHaveTextContent(referralTexts.rewardRule(2499));
    expect(stats).toHaveTextContent("one month of your own plan's price ($24.99)");

    const table = screen.getByRole('table', { name: referralTexts.peopleTitle });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell, index) => (index === 1 ? '' : cell.textContent)),
      );
    expect(rows).toEqual([
      ['Ada Lovelace', '', 'Linked', 'Pro', '$24.99'],
      ['b***@example.com', '', 'Linked', referralTexts.notPaying, referralTexts.noCredit],
      ['c***@example.com', '', 'Pending review', 'Starter', referralTexts.noCredit],
    ]);
    expect(within(table).getAllByRole('row')[1]!.querySelector('time')).toHaveAttribute(
      'datetime',
      '2026-03-05T10:00:00.000Z',
    );
  });

  it('copies the link and the code and says Copied on the button', async () => {
    stubApi({ 'GET /api/referral/me': () => jsonResponse(overview) });
    const user = userEvent.setup();
    await openPage();

    await user.click(await screen.findByRole('button', { name: referralTexts.copyLink }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/?ref=AB12CD34EF`);
    expect(screen.getByRole('button', { name: `Copied: ${referralTexts.copyLink}` })).toHaveTextContent(
      'Copied',
    );

    await user.click(screen.getByRole('button', { name: referralTexts.copyCode }));
    expect(await navigator.clipboard.readText()).toBe('AB12CD34EF');
    expect(screen.getByRole('button', { name: `Copied: ${referralTexts.copyCode}` })).toBeInTheDocument();
  });

  it('explains what to do when no one has joined yet', async () => {
    stubApi({
      'GET /api/referral/me': () =>
        jsonResponse({
          ...overview,
          counts: { signedUp: 0, linked: 0 },
          earnings: { ...overview.earnings, rewardedReferrals: 0, totalCreditCents: 0 },
          referrals: [],
        }),
    });
    await openPage();
    expect(await screen.findByRole('heading', { name: referralTexts.emptyTitle })).toBeInTheDocument();
    expect(screen.getByText(referralTexts.emptyHelp)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: referralTexts.copyLink })).toBeInTheDocument();
  });

  it('shows a loading state, then a load error with a retry that asks again', async () => {
    let calls = 0;
    let release: () => void = () => undefined;
    const fetchMock = stubApi({
      'GET /api/referral/me': async () => {
        calls += 1;
        if (calls === 1) {
          await new Promise<void>((resolve) => (release = resolve));
          return jsonResponse({ message: 'Something broke', code: 'INTERNAL' }, 500);
        }
        return jsonResponse(overview);
      },
    });
    await openPage();
    expect((await screen.findByText(referralTexts.loading)).closest('[role="status"]')).not.toBeNull();
    release();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(referralTexts.loadFailed);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('status', { name: referralTexts.codeLabel })).toHaveTextContent(
      'AB12CD34EF',
    );
    await waitFor(() =>
      expect(callsOf(fetchMock).filter((call) => call.path === '/api/referral/me')).toHaveLength(2),
    );
  });
});
