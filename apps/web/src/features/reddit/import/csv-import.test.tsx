import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvImportTexts, type CsvImportCheckResponse, type CsvImportRow } from '@app/shared/posts-import';
import { formatDateTime } from '../../../lib/format/date-time';
import { renderApp } from '../../../testing/render-app';
import { freeUser } from '../../../testing/users';
import { jsonResponse } from '../../../testing/fetch-stub';
import { findToast, resetAuthState, sentBodies, stubApi } from '../../../testing/auth-api-stub';
import '../campaigns-page';
import { accountsResponse, makeAccount } from '../testing/reddit-fixtures';
import { CsvImportReport } from './csv-import-report';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

const at = '2026-12-03T17:30:00.000Z';
const row = (overrides: Partial<CsvImportRow>): CsvImportRow => ({
  line: 2,
  subreddit: 'example',
  title: 'Golden hour',
  scheduledAt: at,
  imageId: null,
  photo: '',
  flair: null,
  firstComment: null,
  ok: true,
  problems: [],
  ...overrides,
});
const badRow = row({
  line: 3,
  subreddit: 'nowhere',
  title: 'Lost',
  ok: false,
  problems: [
    {
      code: 'formula_cell',
      message: csvImportTexts.formula('title'),
      fix: csvImportTexts.formulaFix,
      column: 'title',
      severity: 'block',
    },
  ],
});
const answer = (rows: CsvImportRow[]): CsvImportCheckResponse => ({
  ok: rows.every((entry) => entry.ok),
  rows,
  errors: [],
  redditUsername: 'creator',
});

describe('CsvImportReport', () => {
  it('lists each row by line with its time in the reader’s zone, and each problem with its fix', () => {
    render(<CsvImportReport report={answer([row({}), badRow])} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      `${csvImportTexts.rowsNeedFixing(1)} ${csvImportTexts.fixAndRetry}`,
    );
    const good = screen.getByRole('listitem', { name: 'Line 2' });
    expect(good).toHaveTextContent('r/example');
    expect(good).toHaveTextContent(formatDateTime(at));
    expect(good).toHaveTextContent('Ready');
    expect(good.querySelector('time')).toHaveAttribute('dateTime', at);
    const bad = screen.getByRole('listitem', { name: 'Line 3' });
    expect(bad).toHaveTextContent(`Must fix (title): ${csvImportTexts.formula('title')}`);
    expect(bad).toHaveTextContent(csvImportTexts.formulaFix);
  });

  it('shows file-level errors instead of rows', () => {
    render(
      <CsvImportReport
        report={{ ok: false, rows: [], errors: [csvImportTexts.encoding], redditUsername: null }}
      />,
    );
    const alert = screen.getByRole('alert', { name: 'File problems' });
    expect(alert).toHaveTextContent(csvImportTexts.fixAndRetry);
    expect(alert).toHaveTextContent(csvImportTexts.encoding);
    expect(screen.queryByRole('listitem', { name: /Line/ })).toBeNull();
  });
});

describe('/reddit/campaigns: import CSV', () => {
  it('checks the chosen file, allows scheduling only when every row passes, then sends the same text', async () => {
    let checks = 0;
    const fetchMock = stubApi({
      'GET /api/reddit/accounts': jsonResponse(accountsResponse([makeAccount()])),
      'GET /api/campaigns': jsonResponse([]),
      'GET /api/reddit/communities': jsonResponse([]),
      'POST /api/posts/import/check': () =>
        jsonResponse(checks++ === 0 ? answer([row({}), badRow]) : answer([row({}), row({ line: 3 })])),
      'POST /api/posts/import': jsonResponse({ message: csvImportTexts.imported(2), postIds: [] }, 201),
    });
    const user = userEvent.setup();
    renderApp('/reddit/campaigns', { user: freeUser });
    const card = (await screen.findByRole('heading', { name: csvImportTexts.title })).closest('div')!;
    expect(within(card).getByRole('link', { name: csvImportTexts.exampleLink })).toHaveAttribute(
      'href',
      '/api/posts/import/example.csv',
    );
    const input = within(card).getByLabelText(csvImportTexts.fileLabel);
    const broken =
      'subreddit,title,time\nexample,Golden hour,2026-12-03 18:30\nnowhere,=Lost,2026-12-03 19:30\n';
    await user.upload(input, new File([broken], 'posts.csv', { type: 'text/csv' }));
    expect(await within(card).findByRole('listitem', { name: 'Line 3' })).toHaveTextContent('Must fix');
    const schedule = within(card).getByRole('button', { name: csvImportTexts.confirm(2) });
    expect(schedule).toBeDisabled();

    const fixed = broken.replace('=Lost', 'Found');
    await user.upload(input, new File([fixed], 'posts.csv', { type: 'text/csv' }));
    expect(await within(card).findByRole('status')).toHaveTextContent(csvImportTexts.allGood(2));
    await user.click(within(card).getByRole('button', { name: csvImportTexts.confirm(2) }));
    await findToast(csvImportTexts.imported(2));
    const [first, second] = sentBodies(fetchMock, 'POST', '/api/posts/import/check') as { csv: string }[];
    expect(first!.csv).toBe(broken);
    expect(second!.csv).toBe(fixed);
    expect(sentBodies(fetchMock, 'POST', '/api/posts/import')).toEqual([
      { csv: fixed, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
    ]);
  });
});
