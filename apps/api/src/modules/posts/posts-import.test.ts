import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  csvImportCheckResponseSchema,
  csvImportLimits,
  csvImportResponseSchema,
  csvImportTexts,
  type CsvImportCheckResponse,
} from '@app/shared/posts-import';
import { scheduleTexts } from '@app/shared/posts';
import { redditTexts } from '@app/shared/reddit';
import { useTestApp } from '../../../test/use-test-app.js';
import { newCommunity } from '../../../test/factories/communities.js';
import { newAsset } from '../../../test/factories/media.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import type { TestClient } from '../../../test/test-client.js';
import { scheduledPosts } from '../../db/schema/index.js';
import { uniqueToken } from '../communities/communities.test-support.js';
import { connectAccount, linkedAccountId } from '../reddit/reddit.test-support.js';
import { insertImportedPosts } from './posts-import.repo.js';

const day = 86_400_000;
/** "YYYY-MM-DD" some days from now (UTC), for rows written in local time. */
const dateIn = (days: number) => new Date(Date.now() + days * day).toISOString().slice(0, 10);
const header = 'photo,subreddit,title,time,flair,first comment';

describe.each(testDatabaseKinds())('bulk import of posts from CSV on %s', (kind) => {
  const testApp = useTestApp(kind, { standIns: { reddit: true } });
  const { db, reddit } = testApp;

  async function setUp(options: { connect?: boolean } = {}) {
    const { user, client } = await testApp.signedIn({ tier: 'pro' });
    const username = `u_${uniqueToken()}`;
    if (options.connect !== false) await connectAccount(client, reddit(), username);
    const community = await newCommunity(db(), { over18: true });
    reddit().addSubreddit(community.name, { allow_images: true });
    return { user, client, community, username };
  }

  const check = (client: TestClient, csv: string, extra: Record<string, unknown> = {}) =>
    client.inject({
      method: 'POST',
      url: '/api/posts/import/check',
      payload: { csv, timeZone: 'UTC', ...extra },
    });
  const confirm = (client: TestClient, csv: string, extra: Record<string, unknown> = {}) =>
    client.inject({ method: 'POST', url: '/api/posts/import', payload: { csv, timeZone: 'UTC', ...extra } });
  async function report(client: TestClient, csv: string, extra: Record<string, unknown> = {}) {
    const response = await check(client, csv, extra);
    expect(response.statusCode, response.body).toBe(200);
    return csvImportCheckResponseSchema.parse(response.json());
  }
  const postsOf = (userId: string) =>
    db()
      .select()
      .from(scheduledPosts)
      .where(eq(scheduledPosts.userId, userId))
      .orderBy(scheduledPosts.scheduledAt);
  const codes = (result: CsvImportCheckResponse, index: number) =>
    result.rows[index]!.problems.map((problem) => problem.code);

  it('checks a good file without saving, then schedules every row at once in the given time zone', async () => {
    const { user, client, community, username } = await setUp();
    const byName = await newAsset(db(), { userId: user.id, filename: 'beach.jpg' });
    const byId = await newAsset(db(), { userId: user.id, filename: 'other.jpg' });
    const csv = [
      header,
      `beach.jpg,r/${community.name},Golden hour,${dateIn(3)} 18:30,OC,Thanks for looking!`,
      `${byId.id},${community.name},"Coffee, with a view",${dateIn(4)}T09:00:00+02:00,,`,
      `,${community.name},Just words,${dateIn(5)} 07:15,,`,
    ].join('\r\n');
    // India has no clock changes: 18:30 there is 13:00 UTC.
    const result = await report(client, csv, { timeZone: 'Asia/Kolkata' });
    expect(result.errors).toEqual([]);
    expect(result.redditUsername).toBe(username);
    expect(result.rows.map((row) => [row.line, row.ok, row.problems])).toEqual([
      [2, true, []],
      [3, true, []],
      [4, true, []],
    ]);
    expect(result.rows[0]).toMatchObject({
      subreddit: community.name,
      imageId: byName.id,
      scheduledAt: `${dateIn(3)}T13:00:00.000Z`,
      flair: 'OC',
      firstComment: 'Thanks for looking!',
    });
    expect(result.rows[1]).toMatchObject({ imageId: byId.id, scheduledAt: `${dateIn(4)}T07:00:00.000Z` });
    expect(result.rows[2]).toMatchObject({ imageId: null, scheduledAt: `${dateIn(5)}T01:45:00.000Z` });
    expect(await postsOf(user.id)).toEqual([]);

    const saved = await confirm(client, csv, { timeZone: 'Asia/Kolkata' });
    expect(saved.statusCode, saved.body).toBe(201);
    const body = csvImportResponseSchema.parse(saved.json());
    expect(body.message).toBe('3 posts scheduled from the file.');
    const posts = await postsOf(user.id);
    expect(posts.map((post) => post.id).sort()).toEqual([...body.postIds].sort());
    expect(
      posts.map((post) => [post.titleFinal, post.mediaAssetId, post.kind, post.status, post.timing]),
    ).toEqual([
      ['Golden hour', byName.id, 'image', 'pending', 'custom'],
      ['Coffee, with a view', byId.id, 'image', 'pending', 'custom'],
      ['Just words', null, 'self', 'pending', 'custom'],
    ]);
    expect(posts[0]).toMatchObject({
      flairText: 'OC',
      firstComment: 'Thanks for looking!',
      firstCommentStatus: 'pending',
    });
  });

  it('schedules a full file of 200 posts, spaced half an hour apart, in one go', async () => {
    const { user, client, community } = await setUp();
    const start = Date.now() + day;
    const rows = Array.from({ length: csvImportLimits.maxRows }, (_, i) => {
      const at = new Date(start + i * 30 * 60_000).toISOString();
      return `,${community.name},Post number ${i},${at},,`;
    });
    const csv = [header, ...rows].join('\n');
    const result = await report(client, csv);
    expect(result.rows.filter((row) => !row.ok)).toEqual([]);
    const saved = await confirm(client, csv);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(await postsOf(user.id)).toHaveLength(csvImportLimits.maxRows);
  }, 60_000);

  it('reports one bad row by its line and saves nothing when it is confirmed anyway', async () => {
    const { user, client, community } = await setUp();
    const csv = [
      header,
      `,${community.name},Fine post,${dateIn(2)} 10:00,,`,
      `,no_such_place_${uniqueToken().slice(0, 6)},Lost post,${dateIn(2)} 12:00,,`,
      `,${community.name},Also fine,${dateIn(3)} 10:00,,`,
    ].join('\n');
    const result = await report(client, csv);
    expect(result.ok).toBe(false);
    expect(result.rows.map((row) => row.ok)).toEqual([true, false, true]);
    expect(result.rows[1]!.line).toBe(3);
    expect(result.rows[1]!.problems).toEqual([
      expect.objectContaining({
        code: 'subreddit_unknown',
        column: 'subreddit',
        severity: 'block',
        message: expect.stringContaining("We don't know r/no_such_place_"),
        fix: csvImportTexts.subredditFix,
      }),
    ]);
    const refused = await confirm(client, csv);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'IMPORT_HAS_PROBLEMS',
      message: '1 row has problems, so nothing was scheduled. Fix the file and upload it again.',
    });
    expect(await postsOf(user.id)).toEqual([]);
  });

  it('refuses a file of 10,000 rows, and one over the size limit, saving nothing', async () => {
    const { user, client, community } = await setUp();
    const rows = Array.from({ length: 10_000 }, (_, i) => `,${community.name},P${i},${dateIn(2)} 10:00`);
    const csv = ['subreddit,title,time', ...rows.map((row) => row.slice(1))].join('\n');
    expect(csv.length).toBeLessThan(csvImportLimits.maxChars);
    const result = await report(client, csv);
    expect(result).toMatchObject({ ok: false, rows: [], errors: [csvImportTexts.tooManyRows] });
    const refused = await confirm(client, csv);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(csvImportTexts.tooManyRows);

    const huge = `${header}\n${`,${community.name},${'x'.repeat(290)},${dateIn(2)} 10:00,,\n`.repeat(2000)}`;
    const tooLarge = await confirm(client, huge);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().message).toContain(csvImportTexts.tooLarge);
    expect(await postsOf(user.id)).toEqual([]);
  });

  it('refuses formula cells naming the column, and broken encodings as a whole', async () => {
    const { user, client, community } = await setUp();
    const result = await report(
      client,
      [
        header,
        `,${community.name},=HYPERLINK("http://evil"),${dateIn(2)} 10:00,,`,
        `,${community.name},Fine,${dateIn(2)} 11:00,,@SUM(A1)`,
        `,${community.name},Also fine,${dateIn(2)} 12:00,+cmd,`,
      ].join('\n'),
    );
    expect(result.rows.map((row) => row.problems.filter((p) => p.code === 'formula_cell'))).toEqual([
      [expect.objectContaining({ column: 'title', message: csvImportTexts.formula('title') })],
      [expect.objectContaining({ column: 'first comment', fix: csvImportTexts.formulaFix })],
      [expect.objectContaining({ column: 'flair' })],
    ]);
    for (const broken of [
      `${header}\n,${community.name},Caf\uFFFD,${dateIn(2)} 10:00,,`,
      `s\u0000u\u0000b`,
    ]) {
      expect(await report(client, broken)).toMatchObject({ ok: false, errors: [csvImportTexts.encoding] });
      const refused = await confirm(client, broken);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(csvImportTexts.encoding);
    }
    expect(await postsOf(user.id)).toEqual([]);
  });

  it('names unknown, repeated and missing columns, and an unclosed quote with its line', async () => {
    const { client } = await setUp();
    expect((await report(client, 'subreddit,title,time,colour,Title\nx,y,z,,')).errors).toEqual([
      csvImportTexts.duplicateColumn('title'),
      csvImportTexts.unknownColumns(['colour']),
    ]);
    expect((await report(client, 'Photo,Subreddit,Title\nx,y,z')).errors).toEqual([
      csvImportTexts.missingColumns(['time']),
    ]);
    expect((await report(client, 'subreddit,title,time\n')).errors).toEqual([csvImportTexts.empty]);
    const unclosed = await report(client, 'subreddit,title,time\nx,"open,2030-01-01 10:00\ny,z,w\n');
    expect(unclosed.errors).toEqual([csvImportTexts.unreadable(2, 'a quote is opened but never closed')]);
  });

  it('reads semicolon files with a byte-order mark and loosely written headers', async () => {
    const { client, community } = await setUp();
    const result = await report(
      client,
      `\uFEFFSubreddit;Title;Time;First_Comment\r\n${community.name};"Quoted; with a ""quote""";${dateIn(2)} 10:00;Hi\r\n`,
    );
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([
      expect.objectContaining({ line: 2, ok: true, title: 'Quoted; with a "quote"', firstComment: 'Hi' }),
    ]);
  });

  it("matches flairs to the subreddit's list and refuses one it does not have", async () => {
    const { user, client } = await setUp();
    const flaired = await newCommunity(db(), { over18: true });
    reddit().addSubreddit(flaired.name, { allow_images: true, requirements: { is_flair_required: true } });
    reddit().route('GET', /^\/r\/(\w+)\/api\/link_flair_v2$/, (_m, _r, json) =>
      json(200, [{ id: 'flair-oc', text: 'OC' }]),
    );
    const csv = (flair: string) => `${header}\n,${flaired.name},Flaired,${dateIn(2)} 10:00,${flair},`;
    const unknown = await report(client, csv('Selfie'));
    expect(unknown.rows[0]!.problems).toEqual([
      expect.objectContaining({
        code: 'flair_unknown',
        column: 'flair',
        message: csvImportTexts.flairUnknown(flaired.name, 'Selfie', ['OC']),
      }),
    ]);
    expect(codes(await report(client, csv('')), 0)).toEqual(['flair_required']);
    const saved = await confirm(client, csv('oc'));
    expect(saved.statusCode, saved.body).toBe(201);
    expect((await postsOf(user.id)).map((post) => [post.flairId, post.flairText])).toEqual([
      ['flair-oc', 'OC'],
    ]);
  });

  it("limits the subreddits of one file to the plan's campaign size", async () => {
    const { client } = await testApp.signedIn({ tier: 'free' });
    const names = Array.from({ length: 11 }, (_, i) => `sub_${i}`);
    const csv = [header, ...names.map((name, i) => `,${name},Post ${i},${dateIn(2)} 1${i % 10}:00,,`)].join(
      '\n',
    );
    expect((await report(client, csv)).errors).toEqual([csvImportTexts.planLimit(10)]);
  });

  it('finds photos by file name or id, and refuses missing, deleted, ambiguous and other users’ photos', async () => {
    const { user, client, community } = await setUp();
    const other = await testApp.signedIn();
    const theirs = await newAsset(db(), { userId: other.user.id, filename: 'theirs.jpg' });
    const deleted = await newAsset(db(), { userId: user.id, filename: 'gone.jpg', deletedAt: new Date() });
    await newAsset(db(), { userId: user.id, filename: 'twice.jpg' });
    await newAsset(db(), { userId: user.id, filename: 'twice.jpg' });
    const video = await newAsset(db(), { userId: user.id, filename: 'clip.mp4', mime: 'video/mp4' });
    const row = (photo: string, hour: number) => `${photo},${community.name},Photo,${dateIn(2)} ${hour}:00,,`;
    const result = await report(
      client,
      [
        header,
        row('missing.jpg', 10),
        row(deleted.id, 11),
        row('gone.jpg', 12),
        row(theirs.id, 13),
        row('theirs.jpg', 14),
        row('twice.jpg', 15),
        row(video.id, 16),
      ].join('\n'),
    );
    expect(result.rows.map((_, index) => codes(result, index))).toEqual([
      ['photo_not_found'],
      ['photo_not_found'],
      ['photo_not_found'],
      ['photo_not_found'],
      ['photo_not_found'],
      ['photo_ambiguous'],
      ['photo_not_image'],
    ]);
    expect(result.rows[0]!.problems[0]!.message).toBe(csvImportTexts.photoNotFound('missing.jpg'));
    expect(result.rows[5]!.problems[0]).toMatchObject({
      message: csvImportTexts.photoAmbiguous('twice.jpg', 2),
      fix: csvImportTexts.photoAmbiguousFix,
    });
    expect(result.rows.every((entry) => entry.imageId === null)).toBe(true);
  });

  it('refuses times in the past, unreadable, too far ahead or skipped by a clock change', async () => {
    const { client, community } = await setUp();
    const row = (time: string) => `,${community.name},Timed,${time},,`;
    const result = await report(
      client,
      [
        header,
        row(new Date(Date.now() - day).toISOString()),
        row('tomorrow evening'),
        row('2031-02-30 10:00'),
        row(`${dateIn(400)} 10:00`),
        row('2030-03-31 02:30'),
        row(''),
      ].join('\n'),
      { timeZone: 'Europe/Berlin' },
    );
    expect(result.rows.map((_, index) => codes(result, index))).toEqual([
      ['time_in_past'],
      ['time_invalid'],
      ['time_invalid'],
      ['time_too_far'],
      ['time_invalid'],
      ['time_invalid'],
    ]);
    expect(result.rows[0]!.problems[0]!.message).toBe(scheduleTexts.inPast);
    expect(result.rows[1]!.problems[0]!.message).toBe(csvImportTexts.timeInvalid('tomorrow evening'));
    expect(result.rows[4]!.problems[0]!.message).toBe(
      csvImportTexts.timeNotInZone('2030-03-31 02:30', 'Europe/Berlin'),
    );
    const badZone = await check(client, header, { timeZone: 'Mars/Olympus' });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().message).toContain(csvImportTexts.timeZoneInvalid);
  });

  it("spaces one account's posts: rows too close to each other or to a saved post are refused", async () => {
    const { client, community } = await setUp();
    const second = await newCommunity(db(), { over18: true });
    reddit().addSubreddit(second.name, { allow_images: true });
    const result = await report(
      client,
      [
        header,
        `,${community.name},First,${dateIn(2)} 10:00,,`,
        `,${second.name},Second,${dateIn(2)} 10:05,,`,
        `,${second.name},Third,${dateIn(3)} 10:00,,`,
      ].join('\n'),
    );
    expect(codes(result, 0)).toEqual(['spacing_gap']);
    expect(codes(result, 1)).toEqual(['spacing_gap']);
    expect(result.rows[1]!.problems[0]).toMatchObject({
      column: 'time',
      message: csvImportTexts.spacingGap(20),
      at: `${dateIn(2)}T10:00:00.000Z`,
    });
    expect(result.rows[2]!.ok).toBe(true);
  });

  it('checks before an account is linked, and refuses to save without one or with a disconnected one', async () => {
    const { user, client, community } = await setUp({ connect: false });
    const csv = `${header}\n,${community.name},Planned,${dateIn(2)} 10:00,,`;
    const result = await report(client, csv);
    expect(result).toMatchObject({ ok: true, redditUsername: null });
    const none = await confirm(client, csv);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(redditTexts.noAccount);

    const username = `u_${uniqueToken()}`;
    await connectAccount(client, reddit(), username);
    const accountId = await linkedAccountId(client, username);
    expect((await report(client, csv, { redditAccountId: accountId })).ok).toBe(true);
    const disconnect = await client.inject({ method: 'DELETE', url: `/api/reddit/accounts/${accountId}` });
    expect(disconnect.statusCode, disconnect.body).toBe(200);
    const gone = await confirm(client, csv, { redditAccountId: accountId });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(redditTexts.accountNotFound);
    expect(await postsOf(user.id)).toEqual([]);
  });

  it("answers 404 to another user's Reddit account, for the check and the import", async () => {
    const { community } = await setUp({ connect: false });
    const owner = await setUp();
    const theirAccount = await linkedAccountId(owner.client, owner.username);
    const { client } = await testApp.signedIn({ tier: 'pro' });
    const csv = `${header}\n,${community.name},Not mine,${dateIn(2)} 10:00,,`;
    for (const call of [check, confirm]) {
      const response = await call(client, csv, { redditAccountId: theirAccount });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(redditTexts.accountNotFound);
    }
    expect(await postsOf(owner.user.id)).toEqual([]);
  });

  it('saves nothing when the account disappears between the check and the insert', async () => {
    const { user } = await setUp({ connect: false });
    const at = new Date(Date.now() + 2 * day);
    const saved = await insertImportedPosts(db(), user.id, randomUUID(), [
      {
        userId: user.id,
        subreddit: 'anything',
        titleFinal: 'x',
        scheduledAt: at,
        dueAt: at,
        timing: 'custom',
        kind: 'self',
      },
    ]);
    expect(saved).toBeUndefined();
    expect(
      await db()
        .select()
        .from(scheduledPosts)
        .where(and(eq(scheduledPosts.userId, user.id))),
    ).toEqual([]);
  });

  it('serves an example file whose rows use the columns and time format it documents', async () => {
    const response = await testApp.app().inject({ method: 'GET', url: '/api/posts/import/example.csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('attachment');
    const [first, ...rows] = response.body.trim().split('\r\n');
    expect(first).toBe(header);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/,\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);
  });
});
