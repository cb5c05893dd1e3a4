import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@app/shared/errors';
import { communities } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { newCommunity } from '../../../test/factories/communities.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { signedInClient, type TestClient } from '../../../test/test-client.js';
import { communityInput, uniqueToken } from '../communities/communities.test-support.js';

const header =
  'name,displayName,category,members,engagementRate,growthTrend,competitionLevel,modActivity,promotionAllowed,verificationRequired,tags,description';

describe.each(testDatabaseKinds())('POST /api/admin/communities/import (%s)', (kind) => {
  let admin: TestClient;
  const testApp = useTestApp(kind);
  beforeAll(async () => {
    admin = await signedInClient(testApp.app(), testApp.db(), await newUser(testApp.db(), { isAdmin: true }));
  });

  const importJson = (items: unknown[]) =>
    admin.inject({ method: 'POST', url: '/api/admin/communities/import', payload: { communities: items } });
  const importCsv = (text: string, contentType = 'text/csv') =>
    admin.inject({
      method: 'POST',
      url: '/api/admin/communities/import',
      payload: text,
      headers: { 'content-type': contentType },
    });
  const rowsNamed = (names: string[]) =>
    testApp
      .db()
      .select()
      .from(communities)
      .where(
        inArray(
          sql`lower(${communities.name})`,
          names.map((name) => name.toLowerCase()),
        ),
      );

  it('imports JSON: inserts new names, updates existing ones (source admin), shows them at once', async () => {
    const token = uniqueToken();
    const existing = await newCommunity(testApp.db(), { name: `${token}_old`, members: 1 });
    const response = await importJson([
      communityInput(`${token}_new1`),
      communityInput(`${token}_new2`),
      communityInput(`${token}_OLD`),
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ inserted: 2, updated: 1 });
    const rows = await rowsNamed([`${token}_new1`, `${token}_new2`, `${token}_old`]);
    expect(rows.map((row) => row.source)).toEqual(['admin', 'admin', 'admin']);
    expect(rows.find((row) => row.id === existing.id)?.members).toBe(5000);
    const listed = await admin.inject({ method: 'GET', url: `/api/reddit/communities?search=${token}` });
    expect(listed.json()).toHaveLength(3);
  });

  it('imports CSV with quoted cells and | lists', async () => {
    const token = uniqueToken();
    const csv = [
      header,
      `${token}_a,Sub A,gonewild,1200,9.5,up,low,active,yes,false,new|verified,"Line one, and ""two"""`,
      `${token}_b,Sub B,fitness,800,4,down,high,inactive,no,true,,`,
    ].join('\r\n');
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ inserted: 2, updated: 0 });
    const [a] = await rowsNamed([`${token}_a`]);
    expect(a).toMatchObject({
      tags: ['new', 'verified'],
      description: 'Line one, and "two"',
      verificationRequired: false,
    });
  });

  it('refuses the whole import when a row is bad, listing rows, lines and fields', async () => {
    const token = uniqueToken();
    const csv = [
      header,
      `${token}_ok,OK,general,1,1,up,low,active,yes,true,,"two\nlines"`,
      `${token}_bad,Bad,nope,1,1,up,low,active,yes,true,,`,
      `${token}_OK,Again,general,1,1,up,low,active,yes,true,,`,
    ].join('\n');
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: errorCodes.validation,
      message: expect.stringContaining('2 rows are invalid'),
      errors: [
        { row: 2, line: 4, field: 'category' },
        { row: 3, line: 5, field: 'name', message: expect.stringContaining('row 1') },
      ],
    });
    expect(await rowsNamed([`${token}_ok`])).toEqual([]);

    const json = await importJson([
      communityInput(`${token}_j`),
      { ...communityInput(`${token}_k`), colour: 'red' },
    ]);
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toEqual([
      { row: 2, field: 'colour', message: expect.stringContaining('colour') },
    ]);
    expect(await rowsNamed([`${token}_j`])).toEqual([]);
  });

  it('answers 400 for a broken file, an unknown column, an empty import or a wrong body, and 415 for plain text', async () => {
    expect((await importCsv(`${header}\n"never closed`)).json().errors[0]).toMatchObject({ line: 2 });
    expect((await importCsv('name,colour\nx,red')).json().errors[0].message).toContain(
      'unknown column "colour"',
    );
    expect((await importJson([])).statusCode).toBe(400);
    const wrongShape = await admin.inject({
      method: 'POST',
      url: '/api/admin/communities/import',
      payload: { rows: [] },
    });
    expect(wrongShape.statusCode).toBe(400);
    expect(wrongShape.json().code).toBe(errorCodes.validation);
    expect((await importCsv(header, 'text/plain')).statusCode).toBe(415);
  });
});
