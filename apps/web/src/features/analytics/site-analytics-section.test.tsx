import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { analyticsReportTexts } from '@app/shared/analytics-reports';
import { renderApp } from '../../testing/render-app';
import { adminUser } from '../../testing/users';
import { jsonResponse, stubFetch } from '../../testing/fetch-stub';
import { analyticsTexts } from './analytics-texts';
import { giveChartsASize, rowsOf, tableByCaption } from './testing/size-charts';
import { siteReport } from './testing/report-fixtures';

function stubSite(answer: () => Response) {
  return stubFetch(({ path }) =>
    path.startsWith('/api/admin/analytics?')
      ? answer()
      : jsonResponse({ message: `unexpected ${path}` }, 404),
  );
}

const section = async () =>
  screen.findByRole('region', { name: analyticsTexts.siteTitle }, { timeout: 5000 });

describe('admin portal: site analytics', () => {
  it('shows the totals, per-day chart, referrers, scroll depth and funnel with text alternatives', async () => {
    giveChartsASize();
    stubSite(() => jsonResponse(siteReport()));
    const { container } = renderApp('/admin', { user: adminUser });
    const region = await section();

    const tiles = await within(region).findByLabelText('Site totals for the range');
    expect(within(tiles).getByText('Visitors').nextSibling).toHaveTextContent('40');
    expect(within(tiles).getByText('Sessions').nextSibling).toHaveTextContent('52');
    expect(within(tiles).getByText('Landing → first caption').nextSibling).toHaveTextContent('10%');
    await waitFor(() =>
      expect(container.querySelectorAll('svg.recharts-surface').length).toBeGreaterThanOrEqual(4),
    );

    expect(rowsOf(tableByCaption(region, 'Sessions per referring site'))).toEqual([
      'www.google.com | 9',
      'reddit.com | 4',
    ]);
    expect(rowsOf(tableByCaption(region, /page exits that reached each scroll depth/))).toEqual([
      '25% | 80%',
      '50% | 50%',
      '75% | 25%',
      '100% | 10%',
    ]);
    expect(rowsOf(tableByCaption(region, 'Visitors, sessions and page views per day'))).toHaveLength(30);

    const funnel = within(region).getByRole('list');
    const steps = within(funnel).getAllByRole('listitem');
    expect(steps[1]).toHaveTextContent('Of those, new accounts6(20% of the step before)');
    expect(steps[2]).toHaveTextContent('(50% of the step before)');
  }, 30_000);

  it('says so when nothing was recorded in the range', async () => {
    stubSite(() =>
      jsonResponse(
        siteReport({
          totals: { visitors: 0, sessions: 0, pageViews: 0, averageTimeOnPage: null },
          topPages: [],
          referrers: [],
        }),
      ),
    );
    renderApp('/admin', { user: adminUser });
    const region = await section();
    expect(await within(region).findByText(analyticsReportTexts.noSiteData)).toBeInTheDocument();
  }, 30_000);

  it('shows the load error and retries', async () => {
    let fail = true;
    giveChartsASize();
    stubSite(() =>
      fail ? jsonResponse({ message: 'Insufficient permissions' }, 403) : jsonResponse(siteReport()),
    );
    renderApp('/admin', { user: adminUser });
    const region = await section();
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent(analyticsTexts.siteLoadFailed);
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByLabelText('Site totals for the range')).toBeInTheDocument();
  }, 30_000);
});
