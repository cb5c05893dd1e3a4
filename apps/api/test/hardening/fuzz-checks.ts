import type { LightMyRequestResponse } from 'fastify';

/** Signs that an answer tells a caller about the server's insides. */
const internalDetails: [RegExp, string][] = [
  [/\bat .+\.(ts|js|mjs|cjs):\d+/, 'a stack frame'],
  [/"stack"\s*:/, 'a stack property'],
  [/node_modules|\/work\/|\/src\/modules\//, 'a server file path'],
  [
    /invalid byte sequence|unsupported Unicode escape|violates .* constraint|syntax error at or near|duplicate key value|invalid input syntax for type/i,
    'a database error',
  ],
  [
    /pglite|drizzle|postgres(ql)? error|ECONNREFUSED|TypeError|ReferenceError|Cannot read propert/i,
    'an internal error name',
  ],
];

/** What is wrong with an answer to a fuzzed request, or undefined when it is acceptable. */
export function problemWith(response: LightMyRequestResponse): string | undefined {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}`;
  for (const [pattern, what] of internalDetails) {
    if (pattern.test(response.body)) return `${status} body shows ${what}`;
  }
  if (status < 400) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `${status} body is not JSON`;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return `${status} body is not an object`;
  const { message, code } = body as { message?: unknown; code?: unknown };
  if (typeof message !== 'string' || !message) return `${status} body has no message`;
  if (code !== undefined && typeof code !== 'string') return `${status} body code is not a string`;
  return undefined;
}
