import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MediaAsset } from '@app/shared/media';
import { taxTexts, type TaxExpense, type TaxIncome, type TaxSummary } from '@app/shared/tax';
import { renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
import { callsOf, jsonResponse, type FetchCall } from '../../testing/fetch-stub';
import { findToast, resetAuthState, sentBodies, stubApi } from '../../testing/auth-api-stub';
import { taxPageTexts } from './tax-texts';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

const year = new Date().getFullYear();
const zeros = () => Array.from({ length: 12 }, () => 0);
const quarter = (n: number, estimatedTaxCents = 0) => ({
  quarter: n,
  label: `Q${n}`,
  startsOn: `${year}-01-01`,
  endsOn: `${year}-03-31`,
  dueOn: `${year}-04-15`,
  incomeCents: 0,
  expensesCents: 0,
  netCents: 0,
  estimatedTaxCents,
});

function summaryOf(overrides: Partial<TaxSummary> = {}): TaxSummary {
  const months = zeros();
  months[0] = 150000;
  months[2] = 23456;
  return {
    year,
    currency: 'usd',
    rateBasisPoints: 2500,
    ratePercent: 25,
    totals: { incomeCents: 173456, expensesCents: 49999, netCents: 123457, estimatedTaxCents: 30864 },
    incomeByMonth: months,
    incomeByPlatform: [
      { platform: 'OnlyFans', totalCents: 150000, months: [150000, ...zeros().slice(1)] },
      { platform: 'Fansly', totalCents: 23456, months: [0, 0, 23456, ...zeros().slice(3)] },
    ],
    expensesByCategory: [
      { category: 'equipment', label: 'Equipment (camera, lighting, phone)', totalCents: 49999 },
    ],
    quarters: [quarter(1, 30864), quarter(2), quarter(3), quarter(4)],
    nextPayment: { quarter: 1, label: 'Q1', dueOn: `${year}-04-15`, estimatedTaxCents: 30864 },
    quarterBasis: taxTexts.quarterBasis,
    rounding: taxTexts.rounding,
    ...overrides,
  };
}

const income: TaxIncome = {
  id: '11111111-1111-4111-8111-111111111111',
  platform: 'OnlyFans',
  amountCents: 150000,
  receivedOn: `${year}-01-20`,
  note: 'January payout',
  createdAt: '2026-01-20T10:00:00.000Z',
  updatedAt: '2026-01-20T10:00:00.000Z',
};
const expense: TaxExpense = {
  id: '22222222-2222-4222-8222-222222222222',
  category: 'equipment',
  amountCents: 49999,
  spentOn: `${year}-02-02`,
  description: 'Ring light',
  receipt: null,
  createdAt: '2026-02-02T10:00:00.000Z',
  updatedAt: '2026-02-02T10:00:00.000Z',
};
const photoUrl = '/api/media/33333333-3333-4333-8333-333333333333/file/thumbnail?sig=x';
const photo: MediaAsset = {
  id: '33333333-3333-4333-8333-333333333333',
  filename: 'ring-light-receipt.jpg',
  kind: 'image',
  type: 'image/jpeg',
  mime: 'image/jpeg',
  size: 1000,
  bytes: 1000,
  width: 10,
  height: 10,
  tags: [],
  signedUrl: photoUrl,
  thumbnailUrl: photoUrl,
  downloadUrl: photoUrl,
  urlsExpireAt: '2030-01-01T00:00:00.000Z',
  hasWatermark: false,
  visibility: 'private',
  protectionLevel: null,
  isProtected: false,
  protectedUrl: null,
  protectionReport: null,
  contentRating: null,
  lastRepostedAt: null,
  createdAt: '2026-02-02T10:00:00.000Z',
};

type Answer = Response | ((call: FetchCall) => Response | Promise<Response>);

function stubTaxApi(answers: Record<string, Answer> = {}) {
  return stubApi({
    'GET /api/tax/summary': () => jsonResponse(summaryOf()),
    'GET /api/tax/income': () => jsonResponse({ year, items: [income] }),
    'GET /api/tax/expenses': () => jsonResponse({ year, items: [expense] }),
    'GET /api/tax/profile': () => jsonResponse({ rateBasisPoints: 2500, ratePercent: 25, currency: 'usd' }),
    ...answers,
  });
}

async function openPage(path = '/tax-tracker') {
  const view = renderApp(path, { user: freeUser });
  // The page is loaded lazily; the first import can take a while.
  await screen.findByRole('heading', { level: 1, name: taxPageTexts.title }, { timeout: 10_000 });
  return view;
}

// The first render imports the lazy page and recharts, which takes seconds on a busy machine.
describe('Tax Tracker page', { timeout: 30_000 }, () => {
  it('shows the year summary, income by platform and month, categories, quarters and both lists', async () => {
    const fetchMock = stubTaxApi();
    await openPage();
    const summary = await screen.findByLabelText(`Summary for ${year}`);
    expect(within(summary).getByText('$1,734.56')).toBeInTheDocument();
    expect(within(summary).getByText('$499.99')).toBeInTheDocument();
    expect(within(summary).getByText('$1,234.57')).toBeInTheDocument();
    expect(within(summary).getAllByText('$308.64')).toHaveLength(2);
    expect(within(summary).getByText(`Q1, due Apr 15, ${year}`)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(taxTexts.disclaimer);

    const table = await screen.findByRole(
      'table',
      { name: `${taxPageTexts.chartTitle}, ${year}` },
      { timeout: 10_000 },
    );
    const fansly = within(table).getByRole('row', { name: /Fansly/ });
    expect(
      within(fansly)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['–', '–', '$234.56', '–', '–', '–', '–', '–', '–', '–', '–', '–', '$234.56']);
    expect(
      within(screen.getByRole('list', { name: taxPageTexts.categoriesTitle })).getByText('$499.99'),
    ).toBeInTheDocument();
    expect(screen.getByText(taxTexts.quarterBasis)).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: taxPageTexts.incomeListTitle })).toHaveTextContent(
      'January payout',
    );
    expect(await screen.findByRole('list', { name: taxPageTexts.expenseListTitle })).toHaveTextContent(
      'Ring light',
    );
    expect(screen.getByLabelText(taxPageTexts.rateLabel)).toHaveValue('25');

    await userEvent.selectOptions(screen.getByLabelText(taxPageTexts.yearLabel), String(year - 1));
    await waitFor(() =>
      expect(callsOf(fetchMock).map((call) => call.path)).toEqual(
        expect.arrayContaining([
          `/api/tax/summary?year=${year - 1}`,
          `/api/tax/income?year=${year - 1}`,
          `/api/tax/expenses?year=${year - 1}`,
        ]),
      ),
    );
  });

  it('shows empty states for a year without entries', async () => {
    stubTaxApi({
      'GET /api/tax/summary': () =>
        jsonResponse(
          summaryOf({
            incomeByPlatform: [],
            expensesByCategory: [],
            incomeByMonth: zeros(),
            nextPayment: null,
          }),
        ),
      'GET /api/tax/income': () => jsonResponse({ year, items: [] }),
      'GET /api/tax/expenses': () => jsonResponse({ year, items: [] }),
    });
    await openPage();
    expect(await screen.findByText(taxPageTexts.chartEmpty, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(taxPageTexts.categoriesEmpty)).toBeInTheDocument();
    expect(await screen.findByText(taxPageTexts.incomeEmpty)).toBeInTheDocument();
    expect(await screen.findByText(taxPageTexts.expenseEmpty)).toBeInTheDocument();
    expect(screen.getByText(taxPageTexts.noNextPayment)).toBeInTheDocument();
  });

  it('shows a load error with a retry that asks again', async () => {
    let calls = 0;
    stubTaxApi({
      'GET /api/tax/summary': () =>
        ++calls === 1 ? jsonResponse({ message: 'boom' }, 500) : jsonResponse(summaryOf()),
    });
    await openPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(taxPageTexts.summaryFailed);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(`Summary for ${year}`)).toBeInTheDocument();
  });

  it('adds income after checking the amount in the browser, and shows the server’s message when refused', async () => {
    let refuse = true;
    const fetchMock = stubTaxApi({
      'POST /api/tax/income': () =>
        refuse
          ? jsonResponse({ message: `receivedOn: ${taxTexts.dateTooLate}`, code: 'VALIDATION_ERROR' }, 400)
          : jsonResponse({ ...income, id: '44444444-4444-4444-8444-444444444444', amountCents: 1234 }, 201),
    });
    await openPage();
    await userEvent.click(await screen.findByRole('button', { name: taxPageTexts.addIncome }));
    const form = await screen.findByRole('form', { name: 'Add income' });
    await userEvent.type(within(form).getByLabelText('Platform'), 'Patreon');
    await userEvent.type(within(form).getByLabelText('Amount'), '12.345');
    await userEvent.click(within(form).getByRole('button', { name: 'Add income' }));
    expect(await within(form).findByText(taxTexts.amountFormat)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/tax/income')).toEqual([]);

    await userEvent.clear(within(form).getByLabelText('Amount'));
    await userEvent.type(within(form).getByLabelText('Amount'), '12.34');
    await userEvent.click(within(form).getByRole('button', { name: 'Add income' }));
    const refused = await findToast('Income not added');
    expect(refused).toHaveTextContent(taxTexts.dateTooLate);

    refuse = false;
    await userEvent.click(within(form).getByRole('button', { name: 'Add income' }));
    await findToast('Income added');
    const bodies = sentBodies(fetchMock, 'POST', '/api/tax/income');
    expect(bodies.at(-1)).toMatchObject({ platform: 'Patreon', amount: '12.34' });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add income' })).not.toBeInTheDocument());
  });

  it('shows every failed field of an expense at its field, focuses the first, and sends nothing', async () => {
    const fetchMock = stubTaxApi({ 'GET /api/media': () => jsonResponse([photo]) });
    await openPage();
    await userEvent.click(await screen.findByRole('button', { name: taxPageTexts.addExpense }));
    const form = await screen.findByRole('form', { name: 'Add expense' });
    await userEvent.clear(within(form).getByLabelText('Date paid'));
    await userEvent.type(within(form).getByLabelText('Description (optional)'), 'x'.repeat(501));
    await userEvent.click(within(form).getByRole('button', { name: 'Add expense' }));

    const amount = within(form).getByLabelText('Amount');
    await waitFor(() => expect(amount).toHaveFocus());
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(`${taxTexts.amountRequired} For example 49.99.`);
    expect(within(form).getByLabelText('Date paid')).toHaveAccessibleDescription(taxTexts.dateFormat);
    expect(within(form).getByLabelText('Description (optional)')).toHaveAccessibleDescription(
      taxTexts.descriptionTooLong,
    );
    expect(sentBodies(fetchMock, 'POST', '/api/tax/expenses')).toEqual([]);

    // Editing a field clears its own message only.
    await userEvent.type(amount, '5');
    expect(amount).not.toHaveAttribute('aria-invalid');
    expect(within(form).getByLabelText('Date paid')).toHaveAttribute('aria-invalid', 'true');
  });

  it('adds an expense with a receipt picked from the gallery thumbnails', async () => {
    const fetchMock = stubTaxApi({
      'GET /api/media': () => jsonResponse([photo]),
      'POST /api/tax/expenses': () =>
        jsonResponse(
          {
            ...expense,
            receipt: { id: photo.id, filename: photo.filename, thumbnailUrl: photo.thumbnailUrl },
          },
          201,
        ),
    });
    await openPage();
    await userEvent.click(await screen.findByRole('button', { name: taxPageTexts.addExpense }));
    const form = await screen.findByRole('form', { name: 'Add expense' });
    await userEvent.selectOptions(within(form).getByLabelText('Category'), 'software');
    await userEvent.type(within(form).getByLabelText('Amount'), '49.99');
    await userEvent.click(await within(form).findByRole('radio', { name: /ring-light-receipt\.jpg/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add expense' }));
    await findToast('Expense added');
    expect(sentBodies(fetchMock, 'POST', '/api/tax/expenses')).toEqual([
      expect.objectContaining({ category: 'software', amount: '49.99', receiptMediaId: photo.id }),
    ]);
  });

  it('edits an expense from its saved values and explains a receipt that is gone', async () => {
    let answer = jsonResponse({ message: taxTexts.receiptNotFound, code: 'NOT_FOUND' }, 404);
    const fetchMock = stubTaxApi({
      'GET /api/media': () => jsonResponse([photo]),
      [`PATCH /api/tax/expenses/${expense.id}`]: () => answer.clone(),
    });
    await openPage();
    const list = await screen.findByRole('list', { name: taxPageTexts.expenseListTitle });
    await userEvent.click(within(list).getByRole('button', { name: /Edit Equipment/ }));
    const form = await screen.findByRole('form', { name: 'Edit expense' });
    expect(within(form).getByLabelText('Amount')).toHaveValue('499.99');
    expect(within(form).getByLabelText('Description (optional)')).toHaveValue('Ring light');
    await userEvent.click(await within(form).findByRole('radio', { name: /ring-light-receipt\.jpg/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await findToast('Expense not updated')).toHaveTextContent(
      'Receipt not found. Pick another photo from your gallery.',
    );

    answer = jsonResponse({ ...expense, amountCents: 45000 });
    await userEvent.clear(within(form).getByLabelText('Amount'));
    await userEvent.type(within(form).getByLabelText('Amount'), '450');
    await userEvent.click(within(form).getByRole('radio', { name: /No receipt/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await findToast('Expense updated');
    expect(sentBodies(fetchMock, 'PATCH', `/api/tax/expenses/${expense.id}`).at(-1)).toEqual({
      category: 'equipment',
      amount: '450',
      spentOn: expense.spentOn,
      description: 'Ring light',
      receiptMediaId: null,
    });
  });

  it('deletes an entry only after the confirmation', async () => {
    const fetchMock = stubTaxApi({
      [`DELETE /api/tax/income/${income.id}`]: () => jsonResponse({ message: taxTexts.incomeDeleted }),
    });
    await openPage();
    const list = await screen.findByRole('list', { name: taxPageTexts.incomeListTitle });
    await userEvent.click(within(list).getByRole('button', { name: /Delete OnlyFans income/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(callsOf(fetchMock).some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete income' }));
    await findToast(taxTexts.incomeDeleted);
    expect(
      callsOf(fetchMock)
        .filter((call) => call.method === 'DELETE')
        .map((call) => call.path),
    ).toEqual([`/api/tax/income/${income.id}`]);
  });

  it('saves the tax rate and downloads the CSV', async () => {
    const fetchMock = stubTaxApi({
      'PUT /api/tax/profile': () =>
        jsonResponse({ rateBasisPoints: 2750, ratePercent: 27.5, currency: 'usd' }),
      'GET /api/tax/export.csv': () =>
        new Response('"Date"\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    });
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:tax';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await openPage();

    const rate = await screen.findByLabelText(taxPageTexts.rateLabel);
    await userEvent.clear(rate);
    await userEvent.type(rate, '101');
    await userEvent.click(screen.getByRole('button', { name: taxPageTexts.saveRate }));
    expect(await screen.findByText(taxTexts.rateInvalid)).toBeInTheDocument();
    await userEvent.clear(rate);
    await userEvent.type(rate, '27.5');
    await userEvent.click(screen.getByRole('button', { name: taxPageTexts.saveRate }));
    await findToast('Tax rate saved');
    expect(sentBodies(fetchMock, 'PUT', '/api/tax/profile')).toEqual([{ ratePercent: '27.5' }]);

    await userEvent.click(screen.getByRole('button', { name: taxPageTexts.exportCsv }));
    await findToast('CSV downloaded');
    expect(callsOf(fetchMock).map((call) => call.path)).toContain(`/api/tax/export.csv?year=${year}`);
    expect(await created[0]!.text()).toBe('"Date"\r\n');
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe(`tax-tracker-${year}.csv`);
  });
});
