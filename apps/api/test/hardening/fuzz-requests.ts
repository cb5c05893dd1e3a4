import fc from 'fast-check';
import type { TableRoute } from './route-table.js';
import { fuzzValue, hostileString } from './zod-arbitrary.js';

/** One generated request, without the credentials the runner adds. */
export interface FuzzCase {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What kind of body it carries, for failure reports. */
  kind: string;
}

/** Percent-encodes anything, lone surrogates included (encodeURIComponent throws on those). */
function encodeSegment(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((char) => (/[\uD800-\uDFFF]/.test(char) ? '%ED%A0%80' : encodeURIComponent(char)))
      .join('');
  }
}

/** Path values from the params schema, hostile strings, or raw text that may not even be a valid URL. */
function pathFor(route: TableRoute, knownIds: readonly string[]): fc.Arbitrary<string> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const hasWildcard = route.url.includes('*');
  if (!names.length && !hasWildcard) return fc.constant(route.url);
  const rawText = fc.constantFrom('%', '%E0%A4%A', '..', '%2e%2e%2f', '%00', '%C0%AE', 'a b', '😀');
  // Ids of rows that exist (taken from earlier answers), so id routes also reach their update code.
  const existing = knownIds.length
    ? fc.nat().map((index) => knownIds[index % knownIds.length])
    : fc.constant(undefined);
  const segment = fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: existing },
    hostileString.map(encodeSegment),
    rawText,
  );
  return fc
    .tuple(
      fuzzValue(route.params),
      fc.array(segment, { minLength: names.length + 1, maxLength: names.length + 1 }),
    )
    .map(([params, overrides]) => {
      let url = route.url;
      names.forEach((name, index) => {
        const fromSchema =
          params && typeof params === 'object' ? (params as Record<string, unknown>)[name] : undefined;
        url = url.replace(`:${name}`, overrides[index] ?? encodeSegment(fromSchema ?? 'x'));
      });
      return url.replace('*', overrides[names.length] ?? 'some/deep/path');
    });
}

function queryFor(route: TableRoute): fc.Arbitrary<string> {
  const fromValue = fuzzValue(route.querystring).map((value) => {
    if (!value || typeof value !== 'object' || Array.isArray(value))
      return value === undefined ? '' : `q=${encodeSegment(value)}`;
    return Object.entries(value as Record<string, unknown>)
      .flatMap(([key, field]) =>
        (Array.isArray(field) ? field : [field]).map(
          (item) => `${encodeSegment(key)}=${encodeSegment(item)}`,
        ),
      )
      .join('&');
  });
  const rawQueries = fc.constantFrom(
    'a=1&a=2',
    'limit=1&limit=2',
    'page[x]=1',
    'limit=-1',
    'limit=1e999',
    'cursor=%00',
    'q=%',
    'offset=99999999999999999999',
    '&&&=&=',
  );
  return fc.oneof({ weight: 3, arbitrary: fromValue }, rawQueries, fc.constant(''));
}

const malformedJson = fc.constantFrom(
  '{',
  '{"a":',
  '[1,2',
  '{"a":1}{"b":2}',
  'nul',
  '\u0000',
  "{'a':1}",
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '[]',
  '"text"',
  '12',
  'null',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
);

const wrongContentTypes = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'text/html',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/octet-stream',
  'image/png',
);

const boundary = '----fuzzboundary7MA4YWxkTrZu0gW';
interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer;
}
const pngStart = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A real 1×1 PNG, so some uploads get past the type check into image processing. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const partArbitrary: fc.Arbitrary<Part> = fc.record({
  name: fc.constantFrom('file', 'file', 'tags', 'title', '__proto__', 'file[]', ''),
  filename: fc.option(
    fc.constantFrom('a.png', 'a.jpg', '../../evil.png', 'a\u0000.png', '', 'x'.repeat(500) + '.gif', 'noext'),
    { nil: undefined },
  ),
  type: fc.option(
    fc.constantFrom('image/png', 'image/jpeg', 'text/plain', 'application/json', 'image/svg+xml'),
    { nil: undefined },
  ),
  data: fc.oneof(
    fc.constant(tinyPng),
    fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.concat([tinyPng, Buffer.from(bytes)])),
    fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
    fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.concat([pngStart, Buffer.from(bytes)])),
    hostileString.map((text) => Buffer.from(text)),
  ),
});

function multipartBody(parts: Part[], truncate: boolean): Buffer {
  const chunks = parts.map((part) => {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    return Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    ]);
  });
  if (!truncate) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Bodies of every kind: schema-shaped JSON (valid-looking or mutated), broken JSON, wrong types, uploads. */
function bodyFor(route: TableRoute): fc.Arbitrary<Pick<FuzzCase, 'headers' | 'payload' | 'kind'>> {
  const json = { 'content-type': 'application/json' };
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fuzzValue(route.body).map((value) => ({
        headers: json,
        payload: JSON.stringify(value) ?? '',
        kind: 'json',
      })),
    },
    {
      weight: 2,
      arbitrary: malformedJson.map((payload) => ({ headers: json, payload, kind: 'malformed json' })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(wrongContentTypes, fuzzValue(route.body)).map(([type, value]) => ({
        headers: { 'content-type': type },
        payload: JSON.stringify(value) ?? 'x',
        kind: `content-type ${type}`,
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.array(partArbitrary, { maxLength: 4 }), fc.boolean())
        .map(([parts, truncate]) => ({
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload: multipartBody(parts, truncate),
          kind: `multipart ${parts.map((part) => part.name).join(',') || '(no parts)'}${truncate ? ' truncated' : ''}`,
        })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: multipartBody(
          [{ name: 'file', filename: 'tiny.png', type: 'image/png', data: tinyPng }],
          false,
        ),
        kind: 'multipart well-formed png',
      }),
    },
    { weight: 1, arbitrary: fc.constant({ headers: {}, payload: undefined, kind: 'no body' }) },
  );
}

const sendsBody = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

export function fuzzCaseFor(route: TableRoute, knownIds: readonly string[] = []): fc.Arbitrary<FuzzCase> {
  const body = sendsBody(route.method)
    ? bodyFor(route)
    : fc.constant({ headers: {}, payload: undefined, kind: 'no body' });
  return fc
    .tuple(pathFor(route, knownIds), queryFor(route), body)
    .map(([path, query, { headers, payload, kind }]) => ({
      method: route.method,
      url: query ? `${path}?${query}` : path,
      headers,
      payload,
      kind,
    }));
}

/** A stable number per route, so a route's cases stay the same when other routes are added. */
export function routeSeed(seed: number, key: string): number {
  let hash = seed | 0;
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}
