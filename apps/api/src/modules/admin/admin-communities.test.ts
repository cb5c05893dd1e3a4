import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@app/shared/errors';
import { communities, type NewUserRow } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newUser } from '../../../test/factories/users.js';
import { signedInClient, TestClient } from '../../../test/test-client.js';
import { communityInput, uniqueToken } from '../communities/communities.test-support.js';

describe.each(testDatabaseKinds())('admin communities (%s)', (kind) => {
  let admin: TestClient;
  const clientFor = async (overrides: Partial<NewUserRow>) =>
    signedInClient(testApp.app(), testApp.db(), await newUser(testApp.db(), overrides));
  const testApp = useTestApp(kind);
  beforeAll(async () => {
    admin = await clientFor({ isAdmin: true });
  });

  const create = (payload: object, client = admin) =>
    client.inject({ method: 'POST', url: '/api/admin/communities', payload });
  const rowNamed = async (name: string) => {
    const [row] = await testApp
      .db()
      .select()
      .from(communities)
      .where(sql`lower(${communities.name}) = lower(${name})`);
    return row;
  };
  const listed = async (search: string) =>
    (await admin.inject({ method: 'GET', url: `/api/reddit/communities?search=${search}` })).json();

  it('adds a community (201, source admin, scored) and refuses the same name in any case with 409', async () => {
    const name = `${uniqueToken()}_Add`;
    const created = await create(communityInput(name));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name, description: '', successBasis: 'policy' });
    expect(created.json().successProbability).toBeGreaterThan(0);
    expect((await rowNamed(name))?.source).toBe('admin');
    expect(await listed(name)).toHaveLength(1);

    const again = await create(communityInput(name.toUpperCase()));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(errorCodes.conflict);
  });

  it('refuses invalid input with 400 naming the field, and writes nothing', async () => {
    const name = `${uniqueToken()}_bad`;
    const response = await create({ ...communityInput(name), members: -1 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: errorCodes.validation, field: 'members' });
    expect(await rowNamed(name)).toBeUndefined();
    expect((await create(communityInput('has-dash'))).json().field).toBe('name');
  });

  it('edits only the fields sent, merging rules field by field, and validates the result', async () => {
    const name = `${uniqueToken()}_edit`;
    const body = {
      ...communityInput(name),
      description: 'Keep me',
      rules: { minKarma: 10, titleRules: ['[F]'] },
    };
    const { id } = (await create(body)).json();
    const patch = (payload: object) =>
      admin.inject({ method: 'PATCH', url: `/api/admin/communities/${id}`, payload });

    const edited = await patch({ members: 7000, rules: { minKarma: 50 } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      members: 7000,
      description: 'Keep me',
      rules: { minKarma: 50, titleRules: ['[F]'] },
    });
    expect((await patch({ category: 'nope' })).json()).toMatchObject({ field: 'category' });
    expect((await patch({ rules: { colour: 'red' } })).statusCode).toBe(400);

    const other = `${uniqueToken()}_taken`;
    await create(communityInput(other));
    expect((await patch({ name: other.toUpperCase() })).statusCode).toBe(409);
    const unknownId = `/api/admin/communities/${crypto.randomUUID()}`;
    expect((await admin.inject({ method: 'PATCH', url: unknownId, payload: {} })).statusCode).toBe(404);
  });

  it('deletes softly: gone from the list, row kept; adding the name again brings it back', async () => {
    const name = `${uniqueToken()}_del`;
    const { id } = (await create(communityInput(name))).json();
    const remove = () => admin.inject({ method: 'DELETE', url: `/api/admin/communities/${id}` });
    expect((await remove()).statusCode).toBe(204);
    expect(await listed(name)).toEqual([]);
    expect((await rowNamed(name))?.deletedAt).toBeInstanceOf(Date);
    expect((await remove()).statusCode).toBe(404);

    const readded = await create(communityInput(name));
    expect(readded.statusCode).toBe(201);
    expect(readded.json().id).toBe(id);
  });

  it('answers 401 signed out and 403 Insufficient permissions to non-admins; role admin is an admin', async () => {
    const payload = communityInput(`${uniqueToken()}_perm`);
    expect((await create(payload, new TestClient(testApp.app()))).statusCode).toBe(401);
    const user = await clientFor({});
    const calls = [
      ['POST', '/api/admin/communities'],
      ['POST', '/api/admin/communities/import'],
      ['PATCH', `/api/admin/communities/${crypto.randomUUID()}`],
      ['DELETE', `/api/admin/communities/${crypto.randomUUID()}`],
    ] as const;
    for (const [method, url] of calls) {
      const refused = await user.inject({ method, url, payload });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        message: 'Insufficient permissions',
        code: errorCodes.forbidden,
      });
    }
    expect((await create(payload, await clientFor({ role: 'admin' }))).statusCode).toBe(201);
  });
});
