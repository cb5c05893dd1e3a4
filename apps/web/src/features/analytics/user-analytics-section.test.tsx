import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { analyticsReportTexts } from '@app/shared/analytics-reports';
import { renderApp } from '../../testing/render-app';
import { freeUser, proUser } from '../../testing/users';
import { callsOf, jsonResponse, stubFetch } from '../../testing/fetch-stub';
import { analyticsTexts } from './analytics-texts';
import { giveChartsASize, rowsOf, tableByCaption } from './testing/size-charts';
import { emptyUserReport, userReport } from './testing/report-fixtures';

function stubAnalytics(answer: (range: string) => Response) {
  return stubFetch(({ path }) => {
    const url = new URL(path, 'http://localhost');
    if (url.pathname === '/api/analytics/me') return answer(url.searchParams.get('range') ?? '');
    return jsonResponse({ message: `unexpected ${path}` }, 404);
  });
}

// The first render loads the lazy page chunk, which can take a while on a busy machine.
const section = async () =>
  screen.findByRole('region', { name: analyticsTexts.userTitle }, { timeout: 5000 });
const analyticsCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  callsOf(fetchMock)
    .filter((call) => call.path.startsWith('/api/analytics/me'))
    .map((call) => call.path);

describe('dashboard: your analytics', () => {
  it('draws the charts for a Pro user, with the figures in text tables, and switches the range', async () => {
    giveChartsASize();
    const fetchMock = stubAnalytics((range) => jsonResponse(userReport({ range: range as '30d' })));
    const { container } = renderApp('/dashboard', { user: proUser });
    const region = await section();

    const tiles = await within(region).findByLabelText('Totals for the range');
    expect(within(tiles).getByText('Page views').nextSibling).toHaveTextContent('12');
    expect(within(tiles).getByText('Average time on page').nextSibling).toHaveTextContent('1m 15s');

    // Recharts drew SVG charts (the sized container lets it render in jsdom).
    await waitFor(() =>
      expect(container.querySelectorAll('svg.recharts-surface').length).toBeGreaterThanOrEqual(6),
    );
    // The drawings are hidden from assistive technology, so nothing in them may take focus.
    expect(container.querySelectorAll('[aria-hidden="true"] [tabindex]:not([tabindex="-1"])')).toHaveLength(
      0,
    );

    expect(rowsOf(tableByCaption(region, 'Reddit posts sent and failed per subreddit'))).toEqual([
      'r/pics | 2 | 1',
    ]);
    const hours = rowsOf(tableByCaption(region, analyticsTexts.bestHoursDescription));
    expect(hours).toHaveLength(24);
    expect(hours[18]).toBe('18:00 | 2 | 0 | 0');
    expect(hours[9]).toBe('09:00 | 0 | 0 | 12');
    expect(rowsOf(tableByCaption(region, analyticsTexts.successOverTimeDescription))[1]).toMatch(
      /66\.7% \(2 of 3\)$/,
    );
    const perDay = rowsOf(tableByCaption(region, 'Page views per day'));
    expect(perDay).toHaveLength(30);
    expect(perDay[29]).toMatch(/ \| 12$/);
    expect(within(region).getByText(/Most posts went out at/)).toHaveTextContent('18:00 UTC');
    expect(within(region).queryByText(analyticsReportTexts.lockedTitle)).not.toBeInTheDocument();

    const picker = within(region).getByRole('group', { name: analyticsTexts.rangeLabel });
    expect(within(picker).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(picker).getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(analyticsCalls(fetchMock)).toContain('/api/analytics/me?range=90d'));
    expect(within(picker).getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
  }, 30_000);

  it('shows Free users the advanced parts locked with an upgrade link, and 90 days as Pro only', async () => {
    const fetchMock = stubAnalytics(() => jsonResponse(emptyUserReport('basic')));
    renderApp('/dashboard', { user: freeUser });
    const region = await section();

    expect(await within(region).findByText(analyticsReportTexts.lockedTitle)).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: analyticsReportTexts.upgradeLink })).toHaveAttribute(
      'href',
      '/checkout?plan=pro',
    );
    const quarter = within(region).getByRole('button', { name: /90 days/ });
    expect(quarter).toBeDisabled();
    expect(quarter).toHaveAccessibleName('90 days (Pro plan)');
    expect(analyticsCalls(fetchMock)).toEqual(['/api/analytics/me?range=30d']);

    // Empty states say what to do next, with the link to do it.
    expect(within(region).getAllByText(analyticsReportTexts.noPosts)).toHaveLength(1);
    expect(within(region).getByRole('link', { name: analyticsTexts.scheduleLink })).toHaveAttribute(
      'href',
      '/reddit',
    );
    expect(within(region).getAllByText(analyticsReportTexts.noGenerations)).toHaveLength(1);
    expect(within(region).getByText(analyticsTexts.noDailyActivity)).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: analyticsTexts.composeLink })).toHaveAttribute(
      'href',
      '/caption-generator',
    );
    expect(within(region).queryByRole('table')).not.toBeInTheDocument();
  }, 30_000);

  it('shows the load error with a retry that loads the report', async () => {
    let fail = true;
    giveChartsASize();
    stubAnalytics(() => (fail ? jsonResponse({ message: 'boom' }, 500) : jsonResponse(userReport())));
    renderApp('/dashboard', { user: proUser });
    const region = await section();
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent(analyticsReportTexts.loadFailed);
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByLabelText('Totals for the range')).toBeInTheDocument();
  }, 30_000);
});
