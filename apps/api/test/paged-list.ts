import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import { nextCursorHeader, pagingTexts } from '@app/shared/paging';
import type { Database } from '../src/db/client.js';

/** Checks shared by every cursor-paged list's tests (docs/decisions/032-cursor-paging.md). */

export type Get = (url: string) => Promise<LightMyRequestResponse>;
export type IdsOf = (body: unknown) => string[];

const base = 'http://test.invalid';
export const idsOfArray: IdsOf = (body) => (body as { id: string }[]).map((item) => item.id);

function withLimit(url: string, limit: number): string {
  const target = new URL(url, base);
  target.searchParams.set('limit', String(limit));
  return `${target.pathname}${target.search}`;
}

/**
 * Every page of the list, following each answer's Link header. On the way: a page that names a next
 * one is full and names it in both headers alike, keeping the other query parameters; the last
 * page names none.
 */
export async function walkPages(get: Get, url: string, limit: number, idsOf: IdsOf = idsOfArray) {
  const pages: string[][] = [];
  const cursors: string[] = [];
  let next: string | undefined = withLimit(url, limit);
  while (next !== undefined) {
    const response = await get(next);
    expect(response.statusCode, response.body).toBe(200);
    const ids = idsOf(response.json());
    expect(ids.length).toBeLessThanOrEqual(limit);
    pages.push(ids);
    const cursor = response.headers[nextCursorHeader] as string | undefined;
    if (cursor === undefined) {
      expect(response.headers.link).toBeUndefined();
      break;
    }
    expect(ids).toHaveLength(limit);
    const link = /^<([^>]+)>; rel="next"$/.exec(String(response.headers.link));
    expect(link, String(response.headers.link)).not.toBeNull();
    const target = new URL(link![1]!, base);
    expect(target.searchParams.get('cursor')).toBe(cursor);
    const asked = new URL(withLimit(url, limit), base);
    expect(target.pathname).toBe(asked.pathname);
    for (const [key, value] of asked.searchParams)
      if (key !== 'cursor') expect(target.searchParams.get(key)).toBe(value);
    cursors.push(cursor);
    next = link![1]!;
    if (pages.length > 500) throw new Error('the list never ends');
  }
  return { pages, cursors, ids: pages.flat() };
}

/** Exact timestamps (microseconds) with ties and several rows inside one millisecond. */
export const awkwardTimestamps = [
  '2026-03-02T00:00:00.500500Z',
  '2026-03-01T10:00:00.001000Z',
  '2026-03-01T10:00:00.000900Z',
  '2026-03-01T10:00:00.000002Z',
  '2026-03-01T10:00:00.000001Z',
  '2026-03-01T10:00:00.000001Z',
  '2026-03-01T10:00:00.000001Z',
  '2026-03-01T09:59:59.999999Z',
  '2026-03-01T09:59:59.999999Z',
];
/** Later than every awkward timestamp: a row that arrives at the top of a newest-first list. */
export const laterTimestamp = '2026-06-01T12:00:00.123456Z';

/** Sets timestamp columns of one row to an exact text (a JavaScript Date would drop the microseconds). */
export async function stamp(db: Database, table: PgTable, id: string, columns: string[], at: string) {
  const assignments = columns.map((column) => sql`${sql.identifier(column)} = ${at}::timestamptz`);
  await db.execute(sql`update ${table} set ${sql.join(assignments, sql`, `)} where id = ${id}`);
}

export interface KeyedRow {
  id: string;
  at: string;
}

/** The order the list promises: by time, ties by id (uuid order is the order of its hex text). */
export function inListOrder(rows: KeyedRow[], direction: 'asc' | 'desc' = 'desc'): string[] {
  const sign = direction === 'desc' ? -1 : 1;
  return [...rows]
    .sort((a, b) => sign * (a.at === b.at ? (a.id < b.id ? -1 : 1) : a.at < b.at ? -1 : 1))
    .map((row) => row.id);
}

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** Bad limits and cursors answer 400 with the contract's texts, naming the field. */
export async function expectPagingErrors(get: Get, url: string) {
  const join = url.includes('?') ? '&' : '?';
  for (const limit of ['0', '101', '-1', '1.5', 'abc']) {
    const response = await get(`${url}${join}limit=${limit}`);
    expect(response.statusCode, `limit=${limit}`).toBe(400);
    expect(response.json()).toMatchObject({ message: `limit: ${pagingTexts.limitInvalid}`, field: 'limit' });
  }
  const id = '0b6f5a52-5c1a-4f43-9a55-7c1f0e3c2a10';
  const badDate = '2026-02-30T00:00:00.000000Z';
  for (const cursor of [
    '%21%21',
    'x'.repeat(401),
    base64url('nonsense'),
    base64url('[]'),
    base64url(JSON.stringify([badDate, id])),
    base64url(JSON.stringify([badDate, badDate, id])),
    base64url(JSON.stringify(['2026-03-01T10:00:00.000Z', id])),
    base64url(JSON.stringify(['2026-03-01T10:00:00.000000Z', 'not-a-uuid'])),
    base64url(JSON.stringify([1, 2])),
  ]) {
    const response = await get(`${url}${join}cursor=${cursor}`);
    expect(response.statusCode, `cursor=${cursor}`).toBe(400);
    expect(response.json()).toMatchObject({
      message: `cursor: ${pagingTexts.cursorInvalid}`,
      field: 'cursor',
    });
  }
}

/**
 * The list's own rows at awkward timestamps, walked at several page sizes: every row once, in
 * order, nothing of anyone else's.
 */
export async function expectWholeWalks(get: Get, url: string, expected: string[], idsOf?: IdsOf) {
  for (const limit of [1, 2, 4, 100]) {
    const { ids, pages } = await walkPages(get, url, limit, idsOf);
    expect(ids, `limit=${limit}`).toEqual(expected);
    expect(pages.length).toBe(Math.max(1, Math.ceil(expected.length / limit)));
  }
}

/**
 * A row added at the top after the first page moves nothing: the rest of the walk still brings
 * every original row once. `addAtTop` returns the new row's id.
 */
export async function expectStableWhenRowArrives(
  get: Get,
  url: string,
  expected: string[],
  addAtTop: () => Promise<string>,
  idsOf: IdsOf = idsOfArray,
) {
  const first = await get(withLimit(url, 2));
  const cursor = first.headers[nextCursorHeader] as string;
  expect(cursor).toBeDefined();
  const added = await addAtTop();
  const rest = await walkPages(get, `${url}${url.includes('?') ? '&' : '?'}cursor=${cursor}`, 2, idsOf);
  expect([...idsOf(first.json()), ...rest.ids]).toEqual(expected);
  const fromTop = await walkPages(get, url, 2, idsOf);
  expect(fromTop.ids).toContain(added);
}
