import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorCodes } from '@app/shared/errors';
import { nextCursorHeader, pagingTexts } from '@app/shared/paging';
import { AppError } from './app-error.js';

/**
 * Keyset paging (docs/decisions/032-cursor-paging.md), the one implementation every paged list uses.
 * A list names its order as key columns, the last one unique (the id); the cursor carries the
 * page's last row's values of those columns as the database's own text, so the next page starts
 * exactly after that row: `(k1, k2, id) < (v1, v2, v3)` on an index of the same columns.
 */
export type KeyKind = 'timestamp' | 'uuid';

export interface KeyColumn {
  column: AnyColumn;
  kind: KeyKind;
}

export interface Keyset {
  direction: 'asc' | 'desc';
  keys: readonly KeyColumn[];
}

export interface PageRequest {
  limit: number;
  cursor?: string | undefined;
}

export interface Page<T> {
  items: T[];
  /** Absent on the last page. */
  nextCursor?: string;
}

// Microseconds in UTC: a JavaScript Date keeps only milliseconds, and rows created within the same
// millisecond would be skipped or repeated at a page boundary.
const timestampFormat = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';
const exactTimestamp = /^([1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})\d{3}Z$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const keyText: Record<KeyKind, (column: AnyColumn) => SQL> = {
  timestamp: (column) => sql`to_char(${column} at time zone 'UTC', ${sql.raw(`'${timestampFormat}'`)})`,
  uuid: (column) => sql`${column}::text`,
};

const keyValue: Record<KeyKind, (text: string) => SQL> = {
  timestamp: (text) => sql`${text}::timestamptz`,
  uuid: (text) => sql`${text}::uuid`,
};

/** Checked here, so a damaged cursor gets the contract's text and no client text reaches a cast in the database. */
const isValidKey: Record<KeyKind, (text: string) => boolean> = {
  timestamp: (text) => {
    const match = exactTimestamp.exec(text);
    // A real calendar date only: the Date round trip rejects e.g. February 30th.
    return !!match && !Number.isNaN(Date.parse(text)) && new Date(text).toISOString().startsWith(match[1]!);
  },
  uuid: (text) => uuidPattern.test(text),
};

function refuse(): never {
  throw new AppError(400, `cursor: ${pagingTexts.cursorInvalid}`, errorCodes.validation, { field: 'cursor' });
}

function parsed(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

export function decodeCursor(cursor: string, keyset: Keyset): string[] {
  const values = parsed(cursor);
  if (!Array.isArray(values) || values.length !== keyset.keys.length) refuse();
  const valid = keyset.keys.every(({ kind }, index) => {
    const value: unknown = values[index];
    return typeof value === 'string' && isValidKey[kind](value);
  });
  if (!valid) refuse();
  return values as string[];
}

/**
 * The parts of a page's query: `where` (undefined on the first page) to AND with the list's own
 * conditions, `orderBy`, `limit` (one more than asked, to know whether another page follows) and
 * `cursorKey`, a column to select beside the row.
 */
export function keysetQuery(keyset: Keyset, page: PageRequest) {
  const columns = sql.join(
    keyset.keys.map(({ column }) => sql`${column}`),
    sql`, `,
  );
  let where: SQL | undefined;
  if (page.cursor !== undefined) {
    const values = decodeCursor(page.cursor, keyset);
    const position = sql.join(
      keyset.keys.map(({ kind }, index) => keyValue[kind](values[index]!)),
      sql`, `,
    );
    where =
      keyset.direction === 'desc' ? sql`(${columns}) < (${position})` : sql`(${columns}) > (${position})`;
  }
  const order = keyset.direction === 'desc' ? desc : asc;
  return {
    where,
    orderBy: keyset.keys.map(({ column }) => order(column)),
    limit: page.limit + 1,
    cursorKey: sql<string>`json_build_array(${sql.join(
      keyset.keys.map(({ column, kind }) => keyText[kind](column)),
      sql`, `,
    )})::text`,
  };
}

/** Rows selected as `{ item, cursorKey }` with keysetQuery's limit, turned into a page. */
export function pageOf<T>(rows: { item: T; cursorKey: string }[], page: PageRequest): Page<T> {
  const shown = rows.slice(0, page.limit);
  if (rows.length <= page.limit) return { items: shown.map((row) => row.item) };
  const last = shown[shown.length - 1]!;
  return {
    items: shown.map((row) => row.item),
    nextCursor: Buffer.from(last.cursorKey, 'utf8').toString('base64url'),
  };
}

export function mapPage<T, U>(page: Page<T>, toItem: (item: T) => U): Page<U> {
  return { ...page, items: page.items.map(toItem) };
}

/** The request's own path and query with the cursor replaced: the other filters carry over. */
export function nextPageLink(url: string, cursor: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1));
  query.set('cursor', cursor);
  return `${path}?${query}`;
}

/** Announces the next page in the headers (absent on the last page) and hands back the body. */
export function withPageHeaders<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>): T[] {
  if (page.nextCursor !== undefined) {
    reply.header(nextCursorHeader, page.nextCursor);
    reply.header('link', `<${nextPageLink(request.url, page.nextCursor)}>; rel="next"`);
  }
  return page.items;
}

/** What the public API documentation says about every paged operation. */
export const pagingDescription =
  'Paged: `?limit=` (1–100, default 50) items per page. When more follow, the answer carries an ' +
  '`X-Next-Cursor` header and a `Link: <…&cursor=…>; rel="next"` header; ask for the next page with ' +
  '`?cursor=` set to that value (or follow the link). The last page has neither header. ' +
  'An unknown or damaged cursor answers 400.';
