import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentGenerations } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { createUser } from '../../../test/factories.js';
import { signedInClient } from '../../../test/test-client.js';

describe.each(testDatabaseKinds())('content history (%s)', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(kind);
  });
  afterAll(() => testApp.close());

  async function userWithGenerations(count: number) {
    const db = testApp.database.db;
    const user = await createUser(db);
    const rows = [];
    for (let index = 0; index < count; index++) {
      const [row] = await db
        .insert(contentGenerations)
        .values({
          userId: user.id,
          platform: 'reddit',
          content: `body ${index}`,
          titles: [`title ${index}`],
          createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
        })
        .returning();
      rows.push(row!);
    }
    return { user, rows, client: await signedInClient(testApp.app, db, user) };
  }

  it("lists only the user's own items, newest first", async () => {
    const mine = await userWithGenerations(3);
    await userWithGenerations(2);
    const response = await mine.client.inject({ method: 'GET', url: '/api/content-generations' });
    expect(response.statusCode).toBe(200);
    const items = response.json<{ id: string; titles: string[] }[]>();
    expect(items.map((item) => item.titles[0])).toEqual(['title 2', 'title 1', 'title 0']);
  });

  it('pages with limit and offset', async () => {
    const mine = await userWithGenerations(3);
    const response = await mine.client.inject({ method: 'GET', url: '/api/content-generations?limit=1&offset=1' });
    expect(response.json().map((item: { content: string }) => item.content)).toEqual(['body 1']);
  });

  it('deletes an own item', async () => {
    const mine = await userWithGenerations(1);
    const id = mine.rows[0]!.id;
    const response = await mine.client.inject({ method: 'DELETE', url: `/api/content-generations/${id}` });
    expect(response.statusCode).toBe(204);
    const left = await testApp.database.db.select().from(contentGenerations).where(eq(contentGenerations.id, id));
    expect(left).toHaveLength(0);
  });

  it("answers 404 for another user's item and leaves it alone", async () => {
    const owner = await userWithGenerations(1);
    const other = await userWithGenerations(0);
    const id = owner.rows[0]!.id;
    const response = await other.client.inject({ method: 'DELETE', url: `/api/content-generations/${id}` });
    expect(response.statusCode).toBe(404);
    const left = await testApp.database.db.select().from(contentGenerations).where(eq(contentGenerations.id, id));
    expect(left).toHaveLength(1);
  });
});
