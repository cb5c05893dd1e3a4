import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taxSummarySchema, taxTexts } from '@app/shared/tax';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { mediaAssets, taxExpenses, taxIncome } from '../../db/schema/index.js';
import { addExpense, addIncome, insertPhoto, parseCsv } from './tax.test-support.js';

describe.each(testDatabaseKinds())('tax tracker on %s', (kind) => {
  const { app, db, signedIn } = useTestApp(kind);

  it('stores decimal dollars as exact cents and sums them without float error', async () => {
    const { client } = await signedIn();
    const amounts = ['0.10', '0.20', 0.29, '19.99', '19.99', '19.99', '1,234.56', '$5', '10000000.00'];
    const stored = [];
    for (const amount of amounts) {
      stored.push(
        (await addIncome(client, { platform: 'onlyfans', amount, receivedOn: '2025-01-15' })).amountCents,
      );
    }
    expect(stored).toEqual([10, 20, 29, 1999, 1999, 1999, 123456, 500, 1_000_000_000]);
    const summary = taxSummarySchema.parse(
      (await client.inject({ method: 'GET', url: '/api/tax/summary?year=2025' })).json(),
    );
    expect(summary.totals.incomeCents).toBe(1_000_130_012);
    // Typed in lower case, stored under the suggestion's spelling: one platform in the summary.
    expect(summary.incomeByPlatform).toEqual([
      {
        platform: 'OnlyFans',
        totalCents: 1_000_130_012,
        months: [1_000_130_012, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      },
    ]);
  });

  it('sums US estimated-tax quarters, rounds half up to the cent and owes nothing on a losing quarter', async () => {
    const { client } = await signedIn();
    expect(
      (
        await client.inject({ method: 'PUT', url: '/api/tax/profile', payload: { ratePercent: '27.5' } })
      ).json(),
    ).toEqual({
      rateBasisPoints: 2750,
      ratePercent: 27.5,
      currency: 'usd',
    });
    // Q1 Jan–Mar: 10.02 net → 2.7555 → 2.76 (half up).
    await addIncome(client, { platform: 'Fansly', amount: '10.00', receivedOn: '2025-01-01' });
    await addIncome(client, { platform: 'Patreon', amount: '0.02', receivedOn: '2025-03-31' });
    // Q2 Apr–May: 100.00 − 150.00 → a loss, so 0.
    await addIncome(client, { platform: 'Fansly', amount: '100', receivedOn: '2025-04-01' });
    await addExpense(client, { category: 'equipment', amount: '150', spentOn: '2025-05-31' });
    // Q3 Jun–Aug: 10.01 → 2.75275 → 2.75.
    await addIncome(client, { platform: 'Fansly', amount: '5.00', receivedOn: '2025-06-01' });
    await addIncome(client, { platform: 'Fansly', amount: '5.01', receivedOn: '2025-08-31' });
    // Q4 Sep–Dec: 1000.00 − 0.01 → 274.99725 → 275.00.
    await addIncome(client, { platform: 'TikTok', amount: '1000', receivedOn: '2025-09-01' });
    await addExpense(client, { category: 'software', amount: '0.01', spentOn: '2025-12-31' });
    // Outside the year: not counted.
    await addIncome(client, { platform: 'TikTok', amount: '999', receivedOn: '2024-12-31' });
    await addIncome(client, { platform: 'TikTok', amount: '999', receivedOn: '2026-01-01' });

    const summary = taxSummarySchema.parse(
      (await client.inject({ method: 'GET', url: '/api/tax/summary?year=2025' })).json(),
    );
    expect(
      summary.quarters.map((q) => [q.label, q.startsOn, q.endsOn, q.dueOn, q.netCents, q.estimatedTaxCents]),
    ).toEqual([
      ['Q1', '2025-01-01', '2025-03-31', '2025-04-15', 1002, 276],
      ['Q2', '2025-04-01', '2025-05-31', '2025-06-15', -5000, 0],
      ['Q3', '2025-06-01', '2025-08-31', '2025-09-15', 1001, 275],
      ['Q4', '2025-09-01', '2025-12-31', '2026-01-15', 99999, 27500],
    ]);
    expect(summary.totals).toEqual({
      incomeCents: 112003,
      expensesCents: 15001,
      netCents: 97002,
      estimatedTaxCents: 26676,
    });
    expect(summary.incomeByMonth).toEqual([1000, 0, 2, 10000, 0, 500, 0, 501, 100000, 0, 0, 0]);
    expect(summary.incomeByPlatform.map((p) => [p.platform, p.totalCents])).toEqual([
      ['TikTok', 100000],
      ['Fansly', 12001],
      ['Patreon', 2],
    ]);
    expect(summary.incomeByPlatform[1]!.months).toEqual([1000, 0, 0, 10000, 0, 500, 0, 501, 0, 0, 0, 0]);
    expect(summary.expensesByCategory).toEqual([
      { category: 'equipment', label: 'Equipment (camera, lighting, phone)', totalCents: 15000 },
      { category: 'software', label: 'Software and subscriptions', totalCents: 1 },
    ]);
    // 2025's last payment was due 2026-01-15, before today.
    expect(summary.nextPayment).toBeNull();
    expect(summary.quarterBasis).toBe(taxTexts.quarterBasis);

    const nextYear = new Date().getUTCFullYear() + 1;
    const empty = taxSummarySchema.parse(
      (await client.inject({ method: 'GET', url: `/api/tax/summary?year=${nextYear}` })).json(),
    );
    expect(empty.nextPayment).toEqual({
      quarter: 1,
      label: 'Q1',
      dueOn: `${nextYear}-04-15`,
      estimatedTaxCents: 0,
    });
    expect(empty.incomeByMonth).toEqual(Array(12).fill(0));
    expect(empty.totals).toEqual({ incomeCents: 0, expensesCents: 0, netCents: 0, estimatedTaxCents: 0 });
  });

  it('a year with a loss owes nothing, and the default rate is 25 %', async () => {
    const { client } = await signedIn();
    expect((await client.inject({ method: 'GET', url: '/api/tax/profile' })).json()).toMatchObject({
      rateBasisPoints: 2500,
    });
    await addIncome(client, { platform: 'Reddit', amount: '3', receivedOn: '2025-02-01' });
    await addExpense(client, { category: 'props', amount: '5', spentOn: '2025-02-02' });
    const summary = taxSummarySchema.parse(
      (await client.inject({ method: 'GET', url: '/api/tax/summary?year=2025' })).json(),
    );
    expect(summary.totals).toEqual({
      incomeCents: 300,
      expensesCents: 500,
      netCents: -200,
      estimatedTaxCents: 0,
    });
  });

  it('lists, edits and deletes entries by year; the receipt must be a photo of the user’s own gallery', async () => {
    const { user, client } = await signedIn();
    const photo = await insertPhoto(db(), user.id, 'camera-receipt.jpg');
    const expense = await addExpense(client, {
      category: 'equipment',
      amount: '499.99',
      spentOn: '2025-03-03',
      description: 'Ring light',
      receiptMediaId: photo.id,
    });
    expect(expense.receipt).toMatchObject({ id: photo.id, filename: 'camera-receipt.jpg' });
    await addExpense(client, { category: 'travel', amount: '20', spentOn: '2024-03-03' });

    const list = (await client.inject({ method: 'GET', url: '/api/tax/expenses?year=2025' })).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0].receipt.thumbnailUrl).toMatch(
      new RegExp(`^/api/media/${photo.id}/file/original\\?exp=\\d+&sig=`),
    );

    const edited = await client.inject({
      method: 'PATCH',
      url: `/api/tax/expenses/${expense.id}`,
      payload: { amount: '450', receiptMediaId: null, description: '' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      amountCents: 45000,
      receipt: null,
      description: null,
      category: 'equipment',
    });

    const income = await addIncome(client, {
      platform: 'Instagram',
      amount: '12',
      receivedOn: '2025-07-07',
      note: 'Brand deal',
    });
    const renamed = await client.inject({
      method: 'PATCH',
      url: `/api/tax/income/${income.id}`,
      payload: { platform: 'Other' },
    });
    expect(renamed.json()).toMatchObject({ platform: 'Other', amountCents: 1200, note: 'Brand deal' });

    const removed = await client.inject({ method: 'DELETE', url: `/api/tax/income/${income.id}` });
    expect(removed.json()).toEqual({ message: taxTexts.incomeDeleted });
    expect((await client.inject({ method: 'DELETE', url: `/api/tax/income/${income.id}` })).statusCode).toBe(
      404,
    );
    expect(
      (await client.inject({ method: 'DELETE', url: `/api/tax/expenses/${expense.id}` })).statusCode,
    ).toBe(200);
  });

  it('keeps the expense when its receipt photo is deleted from the gallery', async () => {
    const { user, client } = await signedIn();
    const photo = await insertPhoto(db(), user.id);
    const expense = await addExpense(client, {
      category: 'wardrobe',
      amount: '30',
      spentOn: '2025-04-04',
      receiptMediaId: photo.id,
    });
    const receiptless = [expect.objectContaining({ id: expense.id, receipt: null, amountCents: 3000 })];
    // Deleted in the gallery (restorable for a while): already no receipt.
    expect((await client.inject({ method: 'DELETE', url: `/api/media/${photo.id}` })).statusCode).toBe(200);
    expect((await client.inject({ method: 'GET', url: '/api/tax/expenses?year=2025' })).json().items).toEqual(
      receiptless,
    );
    // Purged: the row is gone.
    await db().delete(mediaAssets).where(eq(mediaAssets.id, photo.id));
    const list = (await client.inject({ method: 'GET', url: '/api/tax/expenses?year=2025' })).json();
    expect(list.items).toEqual(receiptless);
  });

  it('answers another user’s ids with 404 and changes nothing', async () => {
    const owner = await signedIn();
    const photo = await insertPhoto(db(), owner.user.id);
    const income = await addIncome(owner.client, {
      platform: 'Fansly',
      amount: '10',
      receivedOn: '2025-01-01',
    });
    const expense = await addExpense(owner.client, {
      category: 'other',
      amount: '10',
      spentOn: '2025-01-01',
      receiptMediaId: photo.id,
    });
    const other = await signedIn();
    const otherPhoto = await insertPhoto(db(), other.user.id);

    const attempts = [
      {
        method: 'PATCH',
        url: `/api/tax/income/${income.id}`,
        payload: { amount: '1' },
        message: taxTexts.incomeNotFound,
      },
      { method: 'DELETE', url: `/api/tax/income/${income.id}`, message: taxTexts.incomeNotFound },
      {
        method: 'PATCH',
        url: `/api/tax/expenses/${expense.id}`,
        payload: { amount: '1' },
        message: taxTexts.expenseNotFound,
      },
      // Even with the intruder's own photo: the expense is not theirs.
      {
        method: 'PATCH',
        url: `/api/tax/expenses/${expense.id}`,
        payload: { receiptMediaId: otherPhoto.id },
        message: taxTexts.expenseNotFound,
      },
      { method: 'DELETE', url: `/api/tax/expenses/${expense.id}`, message: taxTexts.expenseNotFound },
      // Someone else's photo cannot be a receipt.
      {
        method: 'POST',
        url: '/api/tax/expenses',
        payload: { category: 'other', amount: '1', spentOn: '2025-01-01', receiptMediaId: photo.id },
        message: taxTexts.receiptNotFound,
      },
    ] as const;
    for (const { message, ...request } of attempts) {
      const response = await other.client.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(response.json()).toMatchObject({ message, code: 'NOT_FOUND' });
    }
    const ownExpense = await addExpense(other.client, {
      category: 'other',
      amount: '1',
      spentOn: '2025-01-01',
    });
    const stolen = await other.client.inject({
      method: 'PATCH',
      url: `/api/tax/expenses/${ownExpense.id}`,
      payload: { receiptMediaId: photo.id },
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe(taxTexts.receiptNotFound);

    const [incomeRow] = await db().select().from(taxIncome).where(eq(taxIncome.id, income.id));
    expect(incomeRow).toMatchObject({ amountCents: 1000 });
    const [expenseRow] = await db().select().from(taxExpenses).where(eq(taxExpenses.id, expense.id));
    expect(expenseRow).toMatchObject({ amountCents: 1000, receiptMediaId: photo.id });
    const [ownRow] = await db().select().from(taxExpenses).where(eq(taxExpenses.id, ownExpense.id));
    expect(ownRow!.receiptMediaId).toBeNull();
    // Lists and summaries show only one's own entries.
    expect(
      (await other.client.inject({ method: 'GET', url: '/api/tax/income?year=2025' })).json().items,
    ).toEqual([]);
    const otherSummary = (
      await other.client.inject({ method: 'GET', url: '/api/tax/summary?year=2025' })
    ).json();
    expect(otherSummary.totals.incomeCents).toBe(0);
  });

  it('refuses bad input with 400 and a message that says what to fix', async () => {
    const { client } = await signedIn();
    const income = await addIncome(client, { platform: 'Fansly', amount: '10', receivedOn: '2025-01-01' });
    const base = { platform: 'Fansly', amount: '10', receivedOn: '2025-01-01' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, amount: '12.345' }, taxTexts.amountFormat],
      [{ ...base, amount: 'abc' }, taxTexts.amountFormat],
      [{ ...base, amount: '-5' }, taxTexts.amountFormat],
      [{ ...base, amount: '0.00' }, taxTexts.amountPositive],
      [{ ...base, amount: '10000000.01' }, taxTexts.amountTooLarge],
      [{ ...base, amount: '' }, taxTexts.amountRequired],
      [{ ...base, amount: true }, taxTexts.amountRequired],
      [{ ...base, receivedOn: '2025-02-30' }, taxTexts.dateFormat],
      [{ ...base, receivedOn: '01/02/2025' }, taxTexts.dateFormat],
      [{ ...base, receivedOn: '1999-12-31' }, taxTexts.dateTooEarly],
      [{ ...base, receivedOn: `${new Date().getUTCFullYear() + 2}-12-31` }, taxTexts.dateTooLate],
      [{ ...base, platform: '   ' }, taxTexts.platformRequired],
      [{ ...base, platform: 'x'.repeat(41) }, taxTexts.platformTooLong],
      [{ ...base, note: 'n'.repeat(501) }, taxTexts.noteTooLong],
    ];
    for (const [payload, message] of cases) {
      const response = await client.inject({ method: 'POST', url: '/api/tax/income', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toContain(message);
    }
    const others: [string, string, unknown, string][] = [
      [
        'POST',
        '/api/tax/expenses',
        { category: 'food', amount: '1', spentOn: '2025-01-01' },
        taxTexts.categoryInvalid,
      ],
      [
        'POST',
        '/api/tax/expenses',
        { category: 'other', amount: '1', spentOn: '2025-01-01', receiptMediaId: 'x' },
        taxTexts.receiptNotFound,
      ],
      ['POST', '/api/tax/income', { ...base, extra: 1 }, 'extra: this field is not allowed'],
      ['PATCH', `/api/tax/income/${income.id}`, {}, taxTexts.nothingToChange],
      ['PATCH', '/api/tax/income/not-a-uuid', { amount: '1' }, 'id must be a valid id'],
      ['PUT', '/api/tax/profile', { ratePercent: '100.5' }, taxTexts.rateInvalid],
      ['PUT', '/api/tax/profile', { ratePercent: '25.123' }, taxTexts.rateInvalid],
      ['PUT', '/api/tax/profile', { ratePercent: 25, currency: 'btc' }, taxTexts.currencyInvalid],
      ['GET', '/api/tax/summary?year=1999', undefined, taxTexts.yearInvalid],
      ['GET', '/api/tax/income?year=abc', undefined, taxTexts.yearInvalid],
      ['GET', `/api/tax/export.csv?year=${new Date().getUTCFullYear() + 2}`, undefined, taxTexts.yearInvalid],
    ];
    for (const [method, url, payload, message] of others) {
      const response = await client.inject({ method: method as 'GET', url, payload: payload as object });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json().message, `${method} ${url}`).toContain(message);
    }
  });

  it('needs a session, and its CSRF token for every write', async () => {
    expect((await app().inject({ method: 'GET', url: '/api/tax/summary' })).statusCode).toBe(401);
    expect((await app().inject({ method: 'GET', url: '/api/tax/export.csv' })).statusCode).toBe(401);
    const { user, client } = await signedIn();
    const income = await addIncome(client, { platform: 'Fansly', amount: '10', receivedOn: '2025-01-01' });
    const expense = await addExpense(client, { category: 'other', amount: '10', spentOn: '2025-01-01' });
    const writes = [
      {
        method: 'POST',
        url: '/api/tax/income',
        payload: { platform: 'X', amount: '1', receivedOn: '2025-01-01' },
      },
      { method: 'PATCH', url: `/api/tax/income/${income.id}`, payload: { amount: '1' } },
      { method: 'DELETE', url: `/api/tax/income/${income.id}` },
      {
        method: 'POST',
        url: '/api/tax/expenses',
        payload: { category: 'other', amount: '1', spentOn: '2025-01-01' },
      },
      { method: 'PATCH', url: `/api/tax/expenses/${expense.id}`, payload: { amount: '1' } },
      { method: 'DELETE', url: `/api/tax/expenses/${expense.id}` },
      { method: 'PUT', url: '/api/tax/profile', payload: { ratePercent: 10 } },
    ] as const;
    for (const request of writes) {
      const response = await client.inject(request, { csrf: false });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(response.json().code).toBe('CSRF_INVALID');
    }
    const rows = await db().select().from(taxIncome).where(eq(taxIncome.userId, user.id));
    expect(rows.map((row) => row.amountCents)).toEqual([1000]);
    expect((await client.inject({ method: 'GET', url: '/api/tax/profile' })).json().rateBasisPoints).toBe(
      2500,
    );
  });

  it('exports the year as CSV: one quoted row per entry, two-decimal amounts, formulas defused', async () => {
    const { user, client } = await signedIn();
    const photo = await insertPhoto(db(), user.id, 'ring "light", receipt.jpg');
    await client.inject({
      method: 'PUT',
      url: '/api/tax/profile',
      payload: { ratePercent: 30, currency: 'eur' },
    });
    // A later rate change without a currency keeps the one chosen.
    const changed = await client.inject({
      method: 'PUT',
      url: '/api/tax/profile',
      payload: { ratePercent: '31%' },
    });
    expect(changed.json()).toEqual({ rateBasisPoints: 3100, ratePercent: 31, currency: 'eur' });
    await addIncome(client, {
      platform: '=cmd|/C calc',
      amount: '1234.5',
      receivedOn: '2025-02-01',
      note: '+SUM(A1:A2)',
    });
    await addIncome(client, { platform: 'Patreon', amount: '0.07', receivedOn: '2025-01-01', note: '-2+3' });
    await addExpense(client, {
      category: 'equipment',
      amount: '99.99',
      spentOn: '2025-02-01',
      description: '@HYPERLINK("http://x")\nline two, with comma',
      receiptMediaId: photo.id,
    });
    await addIncome(client, { platform: 'Patreon', amount: '5', receivedOn: '2024-06-01' });

    const response = await client.inject({ method: 'GET', url: '/api/tax/export.csv?year=2025' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="tax-tracker-2025.csv"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.startsWith('\uFEFF"Date"')).toBe(true);
    expect(response.body).toContain(
      '"2025-02-01","Income","\'=cmd|/C calc","\'+SUM(A1:A2)","1234.50",""\r\n',
    );
    expect(parseCsv(response.body.slice(1))).toEqual([
      ['Date', 'Type', 'Platform or category', 'Description', 'Amount (EUR)', 'Receipt file'],
      ['2025-01-01', 'Income', 'Patreon', "'-2+3", '0.07', ''],
      ['2025-02-01', 'Income', "'=cmd|/C calc", "'+SUM(A1:A2)", '1234.50', ''],
      [
        '2025-02-01',
        'Expense',
        'Equipment (camera, lighting, phone)',
        '\'@HYPERLINK("http://x")\nline two, with comma',
        '99.99',
        'ring "light", receipt.jpg',
      ],
    ]);
    const empty = await client.inject({ method: 'GET', url: '/api/tax/export.csv?year=2023' });
    expect(parseCsv(empty.body.slice(1))).toHaveLength(1);
  });
});
