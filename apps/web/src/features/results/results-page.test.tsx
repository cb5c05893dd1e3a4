import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResultsResponse, SubredditResult } from '@app/shared/results';
import { subscriberTexts, type SubscriberImportReport } from '@app/shared/subscribers';
import { renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
import { callsOf, jsonResponse } from '../../testing/fetch-stub';
import { findToast, resetAuthState, sentBodies, stubApi } from '../../testing/auth-api-stub';
import './results-page';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

const subreddit = (overrides: Partial<SubredditResult>): SubredditResult => ({
  subreddit: 'BigSub',
  posts: 2,
  visitors: 6,
  visitorsPerPost: 3,
  upvotes: 150,
  removed: 0,
  removalRate: 0,
  estimatedSubscribers: null,
  ...overrides,
});

const results = (overrides: Partial<ResultsResponse> = {}): ResultsResponse => ({
  days: 30,
  totals: { posts: 3, visitors: 8, removed: 0 },
  subreddits: [
    subreddit({ estimatedSubscribers: 13.5 }),
    subreddit({
      subreddit: 'SmallSub',
      posts: 1,
      visitors: 2,
      visitorsPerPost: 2,
      estimatedSubscribers: 4.5,
    }),
  ],
  posts: [],
  clickHours: Array.from({ length: 24 }, (_, hourUtc) => ({ hourUtc, visitors: 0 })),
  subscribers: {
    recorded: 18,
    daysRecorded: 2,
    estimate: 'estimated',
    note: subscriberTexts.estimateMethod(30),
  },
  ...overrides,
});

const recorded = {
  days: [
    { day: '2026-11-20', source: 'OnlyFans', newSubscribers: 12, updatedAt: '2026-11-20T10:00:00.000Z' },
    { day: '2026-11-19', source: 'Fansly', newSubscribers: 6, updatedAt: '2026-11-19T10:00:00.000Z' },
  ],
};

describe('Results: subscribers', () => {
  it('shows the estimated subscribers per subreddit, labelled as an estimate with its method', async () => {
    stubApi({
      'GET /api/results': jsonResponse(results()),
      'GET /api/results/subscribers': jsonResponse(recorded),
    });
    renderApp('/results', { user: freeUser });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Est. subscribers' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /r\/BigSub/ })).toHaveTextContent('≈ 13.5');
    expect(within(table).getByRole('row', { name: /r\/SmallSub/ })).toHaveTextContent('≈ 4.5');
    expect(
      screen.getByText(
        'Estimated from your share of link visitors: not a count of who subscribed from where.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('18 new subscribers recorded over 2 days.')).toBeInTheDocument();
    expect(screen.getByText(subscriberTexts.estimateMethod(30))).toBeInTheDocument();
  });

  it('says why there is no estimate when no visitors were counted, and shows no estimate column', async () => {
    stubApi({
      'GET /api/results': jsonResponse(
        results({
          totals: { posts: 1, visitors: 0, removed: 0 },
          subreddits: [subreddit({ visitors: 0, visitorsPerPost: 0 })],
          subscribers: {
            recorded: 18,
            daysRecorded: 2,
            estimate: 'no_visitors',
            note: subscriberTexts.estimateNoVisitors,
          },
        }),
      ),
      'GET /api/results/subscribers': jsonResponse(recorded),
    });
    renderApp('/results', { user: freeUser });
    expect(
      await screen.findByText(
        'No visitors counted through your tracked links in this period, so the subscribers cannot be shared out by subreddit.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Est. subscribers' })).toBeNull();
  });

  it('saves a day’s count, lists recorded days and deletes one', async () => {
    const fetchMock = stubApi({
      'GET /api/results': jsonResponse(results()),
      'GET /api/results/subscribers': jsonResponse(recorded),
      'PUT /api/results/subscribers': jsonResponse({
        message: subscriberTexts.saved('2026-11-21', 'OnlyFans', 9),
        count: {
          day: '2026-11-21',
          source: 'OnlyFans',
          newSubscribers: 9,
          updatedAt: '2026-11-21T10:00:00.000Z',
        },
      }),
      'DELETE /api/results/subscribers/2026-11-19': jsonResponse({
        message: subscriberTexts.deleted('2026-11-19'),
        deleted: 1,
      }),
    });
    const user = userEvent.setup();
    renderApp('/results', { user: freeUser });
    const card = (await screen.findByRole('heading', { name: 'New subscribers' })).closest('section')!;
    const day = within(card).getByLabelText('Day');
    await user.clear(day);
    await user.type(day, '2026-11-21');
    expect(within(card).getByLabelText('Source')).toHaveValue('OnlyFans');
    await user.type(within(card).getByLabelText('New subscribers'), '9');
    await user.click(within(card).getByRole('button', { name: 'Save day' }));
    await findToast('9 new subscribers saved for 2026-11-21 (OnlyFans).');
    expect(sentBodies(fetchMock, 'PUT', '/api/results/subscribers')).toEqual([
      { day: '2026-11-21', source: 'OnlyFans', newSubscribers: 9 },
    ]);

    const list = screen.getByRole('heading', { name: 'Recorded days' }).closest('section')!;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('2026-11-20OnlyFans12'),
      expect.stringContaining('2026-11-19Fansly6'),
    ]);
    await user.click(within(list).getByRole('button', { name: 'Delete 2026-11-19 (Fansly)' }));
    await findToast('The count for 2026-11-19 was deleted.');
    expect(
      callsOf(fetchMock)
        .filter((call) => call.method === 'DELETE')
        .map((call) => call.path),
    ).toEqual(['/api/results/subscribers/2026-11-19?source=Fansly']);
  });

  it('shows the server’s refusal of a count next to the form', async () => {
    stubApi({
      'GET /api/results': jsonResponse(results()),
      'GET /api/results/subscribers': jsonResponse({ days: [] }),
      'PUT /api/results/subscribers': jsonResponse(
        { message: subscriberTexts.dayFuture, code: 'VALIDATION_ERROR' },
        400,
      ),
    });
    const user = userEvent.setup();
    renderApp('/results', { user: freeUser });
    expect(await screen.findByText('No days recorded in this period yet.')).toBeInTheDocument();
    await user.type(screen.getByRole('spinbutton', { name: 'New subscribers' }), '3');
    await user.click(screen.getByRole('button', { name: 'Save day' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The count was not saved: That day has not happened yet: record days up to today.',
    );
    expect(screen.getByRole('spinbutton', { name: 'New subscribers' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('imports a CSV file, and shows each refused row by line when the file is refused', async () => {
    let imports = 0;
    const refused: SubscriberImportReport = {
      message: subscriberTexts.rowsHaveProblems(1),
      code: 'SUBSCRIBER_IMPORT_INVALID',
      errors: [],
      rows: [
        { line: 2, day: '2026-11-20', source: 'OnlyFans', newSubscribers: 4, problems: [] },
        {
          line: 3,
          day: null,
          source: 'OnlyFans',
          newSubscribers: 4,
          problems: [subscriberTexts.rowFormula('date')],
        },
      ],
    };
    const fetchMock = stubApi({
      'GET /api/results': jsonResponse(results()),
      'GET /api/results/subscribers': jsonResponse({ days: [] }),
      'POST /api/results/subscribers/import': () =>
        imports++ === 0
          ? jsonResponse(refused, 422)
          : jsonResponse({ message: subscriberTexts.imported(2, 0), imported: 2, replaced: 0 }, 201),
    });
    const user = userEvent.setup();
    renderApp('/results', { user: freeUser });
    const section = (await screen.findByRole('heading', { name: 'Import from a CSV file' })).closest(
      'section',
    )!;
    expect(section).toHaveTextContent('Dates as YYYY-MM-DD (2026-11-20) or MM/DD/YYYY (11/20/2026).');
    const example = within(section).getByRole('link', { name: 'Download an example file' });
    expect(example).toHaveAttribute('download', 'subscribers-example.csv');
    expect(decodeURIComponent(example.getAttribute('href')!)).toMatch(
      /^data:text\/csv;charset=utf-8,Date,New subscribers\r\n\d{4}-\d{2}-\d{2},12\r\n/,
    );
    const input = within(section).getByLabelText('CSV file');
    const broken = 'Date,New subscribers\n2026-11-20,4\n=1+1,4\n';
    await user.upload(input, new File([broken], 'subs.csv', { type: 'text/csv' }));
    const alert = await within(section).findByRole('alert', { name: 'Nothing was imported' });
    expect(alert).toHaveTextContent(
      '1 row has problems, so nothing was imported. Fix the file and upload it again. Nothing has been saved.',
    );
    expect(within(alert).getByRole('listitem', { name: 'Line 3' })).toHaveTextContent(
      'Line 3: The "date" cell starts with =, +, - or @, which spreadsheets run as a formula. Remove that character.',
    );
    expect(within(alert).queryByRole('listitem', { name: 'Line 2' })).toBeNull();

    const fixed = 'Date,New subscribers\n2026-11-20,4\n2026-11-19,4\n';
    await user.upload(input, new File([fixed], 'subs.csv', { type: 'text/csv' }));
    await findToast('2 days imported.');
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(sentBodies(fetchMock, 'POST', '/api/results/subscribers/import')).toEqual([
      { csv: broken },
      { csv: fixed },
    ]);
  });
});
