import { describe, expect, it } from 'vitest';
import { resultsResponseSchema } from '@app/shared/results';
import {
  subscriberImportReportSchema,
  subscriberListResponseSchema,
  subscriberTexts,
} from '@app/shared/subscribers';
import { newUser } from '../../../test/factories/users.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { signedInClient } from '../../../test/test-client.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { linkClicks, scheduledPosts, trackedLinks } from '../../db/schema/index.js';

const dayMs = 86_400_000;
const dayAgo = (days: number) => new Date(Date.now() - days * dayMs).toISOString().slice(0, 10);
const usDay = (iso: string) => {
  const [year, month, day] = iso.split('-');
  return `${month}/${day}/${year}`;
};

describe.each(testDatabaseKinds())('subscribers per day on %s', (kind) => {
  const testApp = useTestApp(kind);
  const { db } = testApp;
  const client = async () => signedInClient(testApp.app(), db(), await newUser(db()));

  it('saves one day per source, replaces it when saved again, lists and deletes it', async () => {
    const her = await client();
    const put = (body: Record<string, unknown>) =>
      her.inject({ method: 'PUT', url: '/api/results/subscribers', payload: body });
    const first = await put({ day: dayAgo(1), source: 'OnlyFans', newSubscribers: 12 });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(subscriberTexts.saved(dayAgo(1), 'OnlyFans', 12));
    // Same day, same source in another case: replaces the count, keeps her first spelling.
    const again = await put({ day: dayAgo(1), source: ' onlyfans ', newSubscribers: 15 });
    expect(again.json().count).toMatchObject({ day: dayAgo(1), source: 'OnlyFans', newSubscribers: 15 });
    await put({ day: dayAgo(1), source: 'Fansly', newSubscribers: 2 });
    await put({ day: dayAgo(3), newSubscribers: 0 });
    await put({ day: dayAgo(40), newSubscribers: 4 });

    const list = subscriberListResponseSchema.parse(
      (await her.inject({ method: 'GET', url: '/api/results/subscribers?days=30' })).json(),
    );
    expect(list.days.map((row) => [row.day, row.source, row.newSubscribers])).toEqual([
      [dayAgo(1), 'Fansly', 2],
      [dayAgo(1), 'OnlyFans', 15],
      [dayAgo(3), 'OnlyFans', 0],
    ]);

    const other = await client();
    const notHers = await other.inject({ method: 'DELETE', url: `/api/results/subscribers/${dayAgo(1)}` });
    expect(notHers.statusCode).toBe(404);
    expect(notHers.json().message).toBe(subscriberTexts.notFound);
    expect(
      (await other.inject({ method: 'GET', url: '/api/results/subscribers?days=90' })).json().days,
    ).toEqual([]);

    const one = await her.inject({
      method: 'DELETE',
      url: `/api/results/subscribers/${dayAgo(1)}?source=fansly`,
    });
    expect(one.json()).toEqual({ message: subscriberTexts.deleted(dayAgo(1)), deleted: 1 });
    const rest = await her.inject({ method: 'DELETE', url: `/api/results/subscribers/${dayAgo(1)}` });
    expect(rest.json().deleted).toBe(1);
    const gone = await her.inject({ method: 'DELETE', url: `/api/results/subscribers/${dayAgo(1)}` });
    expect(gone.statusCode).toBe(404);
    const badDay = await her.inject({ method: 'DELETE', url: '/api/results/subscribers/2026-02-30' });
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().message).toContain(subscriberTexts.dayInvalid);
  });

  it('refuses future days, days over two years back, and counts that are not whole numbers from 0 to 100,000', async () => {
    const her = await client();
    const refused = async (body: Record<string, unknown>, text: string) => {
      const response = await her.inject({ method: 'PUT', url: '/api/results/subscribers', payload: body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toContain(text);
    };
    await refused({ day: dayAgo(-2), newSubscribers: 3 }, subscriberTexts.dayFuture);
    await refused({ day: dayAgo(3 * 366), newSubscribers: 3 }, subscriberTexts.dayTooOld);
    await refused({ day: '2026-13-01', newSubscribers: 3 }, subscriberTexts.dayInvalid);
    await refused({ day: '20/11/2026', newSubscribers: 3 }, subscriberTexts.dayInvalid);
    await refused({ day: dayAgo(1), newSubscribers: -1 }, subscriberTexts.countInvalid);
    await refused({ day: dayAgo(1), newSubscribers: 1.5 }, subscriberTexts.countInvalid);
    await refused({ day: dayAgo(1), newSubscribers: 100_001 }, subscriberTexts.countInvalid);
    await refused({ day: dayAgo(1), newSubscribers: '7' }, subscriberTexts.countInvalid);
    await refused({ day: dayAgo(1), source: '', newSubscribers: 7 }, subscriberTexts.sourceInvalid);
    await refused(
      { day: dayAgo(1), source: '=HYPERLINK(1)', newSubscribers: 7 },
      subscriberTexts.sourceInvalid,
    );
    expect(subscriberTexts.countInvalid).toBe('New subscribers must be a whole number from 0 to 100,000.');
    const edge = await her.inject({
      method: 'PUT',
      url: '/api/results/subscribers',
      payload: { day: dayAgo(0), newSubscribers: 100_000 },
    });
    expect(edge.statusCode).toBe(200);
  });

  it('imports a statement CSV as a whole, or nothing with each row’s problems', async () => {
    const her = await client();
    const send = (csv: string, source?: string) =>
      her.inject({
        method: 'POST',
        url: '/api/results/subscribers/import',
        payload: source ? { csv, source } : { csv },
      });
    const listed = async () =>
      subscriberListResponseSchema
        .parse((await her.inject({ method: 'GET', url: '/api/results/subscribers?days=90' })).json())
        .days.map((row) => [row.day, row.source, row.newSubscribers]);
    await her.inject({
      method: 'PUT',
      url: '/api/results/subscribers',
      payload: { day: dayAgo(2), newSubscribers: 1 },
    });

    const good = await send(
      `\uFEFF"Date","New subscribers"\r\n${dayAgo(3)},5\r\n${usDay(dayAgo(2))},"1,204"\r\n`,
    );
    expect(good.statusCode).toBe(201);
    expect(good.json()).toEqual({ message: subscriberTexts.imported(2, 1), imported: 2, replaced: 1 });
    expect(subscriberTexts.imported(2, 1)).toBe('2 days imported (1 earlier count replaced).');
    expect(await listed()).toEqual([
      [dayAgo(2), 'OnlyFans', 1204],
      [dayAgo(3), 'OnlyFans', 5],
    ]);

    const withSource = await send(
      `date;subscribers;platform\n${dayAgo(4)};3;Fansly\n${dayAgo(4)};6;\n`,
      'OnlyFans',
    );
    expect(withSource.statusCode).toBe(201);

    const bad = await send(
      [
        'Date,Subscribers',
        `${dayAgo(5)},4`,
        `=1+1,4`,
        `${dayAgo(6)},-3`,
        `2026-02-30,2`,
        `${dayAgo(5)},9`,
        `${dayAgo(-3)},1`,
        `${dayAgo(7)},2.5`,
        `${dayAgo(8)},3,extra`,
      ].join('\n'),
    );
    expect(bad.statusCode).toBe(422);
    const report = subscriberImportReportSchema.parse(bad.json());
    expect(report.message).toBe(subscriberTexts.rowsHaveProblems(7));
    expect(report.rows.map((row) => [row.line, row.problems])).toEqual([
      [2, []],
      [3, [subscriberTexts.rowFormula('date')]],
      [4, [subscriberTexts.rowFormula('new subscribers')]],
      [5, [subscriberTexts.rowDateInvalid('2026-02-30')]],
      [6, [subscriberTexts.rowDuplicate(dayAgo(5), 'OnlyFans', 2)]],
      [7, [`${dayAgo(-3)}: ${subscriberTexts.dayFuture}`]],
      [8, [subscriberTexts.rowCountInvalid('2.5')]],
      [9, [subscriberTexts.rowExtraCells(3, 2)]],
    ]);
    expect(subscriberTexts.rowDateInvalid('x')).toBe(
      '"x" is not a date we can read. Write it as YYYY-MM-DD (2026-11-20) or MM/DD/YYYY (11/20/2026).',
    );
    // Nothing of the bad file was saved, not even its good row.
    expect((await listed()).map(([day]) => day)).not.toContain(dayAgo(5));

    const fileErrors = async (csv: string, text: string) => {
      const response = await send(csv);
      expect(response.statusCode).toBe(422);
      const body = subscriberImportReportSchema.parse(response.json());
      expect(body.errors).toContain(text);
      expect(body.rows).toEqual([]);
    };
    await fileErrors(
      `Date,Subscribers\n${dayAgo(1)},4\uFFFD\n`,
      'The file is not readable UTF-8 text (it has broken or empty characters). Save it again as "CSV UTF-8" and upload it again.',
    );
    await fileErrors(
      `Date,Subscribers\u0000\n`,
      'The file is not readable UTF-8 text (it has broken or empty characters). Save it again as "CSV UTF-8" and upload it again.',
    );
    await fileErrors(
      ['Date,Subscribers', ...Array.from({ length: 1001 }, (_, n) => `${dayAgo(n % 600)},1`)].join('\n'),
      subscriberTexts.tooManyRows,
    );
    await fileErrors(`Date,Revenue\n${dayAgo(1)},4\n`, subscriberTexts.unknownColumns(['Revenue']));
    await fileErrors(`Date\n${dayAgo(1)}\n`, subscriberTexts.missingColumns(['new subscribers']));
    await fileErrors('Date,Subscribers\n', subscriberTexts.empty);
    expect(subscriberTexts.tooManyRows).toBe('A file holds at most 1,000 days. Split it into smaller files.');
  });

  it('estimates subscribers per subreddit from its share of the period’s visitors, and says when it cannot', async () => {
    const user = await newUser(db());
    const her = await signedInClient(testApp.app(), db(), user);
    const results = async (days = 7) =>
      resultsResponseSchema.parse(
        (await her.inject({ method: 'GET', url: `/api/results?days=${days}` })).json(),
      );
    const [link] = await db()
      .insert(trackedLinks)
      .values({ userId: user.id, label: 'OnlyFans', targetUrl: 'https://onlyfans.com/x' })
      .returning();
    const sent = async (subreddit: string, visitors: number, bots = 0) => {
      const at = new Date(Date.now() - dayMs);
      const [post] = await db()
        .insert(scheduledPosts)
        .values({ userId: user.id, subreddit, titleFinal: 'Hi', scheduledAt: at, sentAt: at, status: 'sent' })
        .returning();
      const rows = [
        ...Array.from({ length: visitors }, (_, n) => ({ bot: false, n })),
        ...Array.from({ length: bots }, (_, n) => ({ bot: true, n: n + 1000 })),
      ];
      if (rows.length)
        await db()
          .insert(linkClicks)
          .values(
            rows.map((row) => ({
              linkId: link!.id,
              code: 'abcdefgh',
              postId: post!.id,
              subreddit,
              occurredAt: at,
              clientHash: `${post!.id}-${row.n}`,
              bot: row.bot,
              counted: !row.bot,
            })),
          );
    };
    await sent('Quiet', 0);
    const none = await results();
    expect(none.subscribers).toEqual({
      recorded: 0,
      daysRecorded: 0,
      estimate: 'no_subscribers',
      note: subscriberTexts.estimateNoSubscribers,
    });
    expect(none.subreddits[0]!.estimatedSubscribers).toBeNull();

    const put = (day: string, newSubscribers: number, source = 'OnlyFans') =>
      her.inject({
        method: 'PUT',
        url: '/api/results/subscribers',
        payload: { day, source, newSubscribers },
      });
    await put(dayAgo(1), 12);
    await put(dayAgo(2), 6, 'Fansly');
    await put(dayAgo(20), 100);
    const noVisitors = await results();
    expect(noVisitors.subscribers).toEqual({
      recorded: 18,
      daysRecorded: 2,
      estimate: 'no_visitors',
      note: subscriberTexts.estimateNoVisitors,
    });
    expect(noVisitors.subreddits[0]!.estimatedSubscribers).toBeNull();

    // Bots do not count: 6 and 2 human visitors share out 18 subscribers as 13.5 and 4.5.
    await sent('BigSub', 6, 5);
    await sent('SmallSub', 2);
    const week = await results();
    expect(week.subscribers).toEqual({
      recorded: 18,
      daysRecorded: 2,
      estimate: 'estimated',
      note: subscriberTexts.estimateMethod(7),
    });
    expect(
      Object.fromEntries(week.subreddits.map((row) => [row.subreddit, row.estimatedSubscribers])),
    ).toEqual({ BigSub: 13.5, SmallSub: 4.5, Quiet: 0 });
    expect((await results(30)).subscribers.recorded).toBe(118);
  });
});
