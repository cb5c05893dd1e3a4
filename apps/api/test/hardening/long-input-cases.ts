import fc from 'fast-check';
import type { ZodType } from 'zod';
import type { TableRoute } from './route-table.js';
import { validLooking } from './zod-arbitrary.js';

/** Where a string sits in a request: the body, the query or the path, and the keys down to it. */
export interface StringField {
  part: 'body' | 'query' | 'params';
  path: (string | number)[];
}

/** One request with one string field made very long. */
export interface LongInputCase {
  field: StringField;
  label: string;
  method: string;
  url: string;
  payload?: string;
  headers: Record<string, string>;
}

interface WalkDef {
  type: string;
  shape?: Record<string, ZodType>;
  innerType?: ZodType;
  element?: ZodType;
  options?: ZodType[];
  in?: ZodType;
  valueType?: ZodType;
  items?: ZodType[];
}
const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: WalkDef } })._zod.def;

/** The paths of every string a schema accepts, through objects, arrays, unions and wrappers. */
export function stringPaths(
  schema: ZodType | undefined,
  path: (string | number)[] = [],
  depth = 0,
): (string | number)[][] {
  if (!schema || depth > 8) return [];
  const def = defOf(schema);
  const walk = (child: ZodType | undefined, more: (string | number)[] = []) =>
    stringPaths(child, [...path, ...more], depth + 1);
  switch (def.type) {
    case 'string':
      return [path];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, child]) => walk(child, [key]));
    case 'array':
      return walk(def.element, [0]);
    case 'tuple':
      return (def.items ?? []).flatMap((item, index) => walk(item, [index]));
    case 'record':
      return walk(def.valueType, ['key']);
    case 'union': {
      // Each distinct path once, whichever option of the union it comes from.
      const seen = new Map<string, (string | number)[]>();
      for (const option of def.options ?? [])
        for (const found of walk(option)) seen.set(JSON.stringify(found), found);
      return [...seen.values()];
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return walk(def.innerType);
    case 'pipe':
      return walk(def.in);
    default:
      return [];
  }
}

function setAt(target: unknown, path: (string | number)[], value: string): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path;
  if (typeof key === 'number') {
    const list: unknown[] = Array.isArray(target) ? [...target] : [];
    list[key] = setAt(list[key], rest, value);
    return list;
  }
  const record: Record<string, unknown> =
    target && typeof target === 'object' && !Array.isArray(target) ? { ...(target as object) } : {};
  record[key!] = setAt(record[key!], rest, value);
  return record;
}

/** A value a client following the contract could send, the same on every run. */
function sampleOf(schema: ZodType | undefined, seed: number): unknown {
  if (!schema) return {};
  return fc.sample(validLooking(schema), { seed, numRuns: 1 })[0] ?? {};
}

/**
 * Hostile shapes for a pattern: a run of word characters, and a run of spaces ending in a
 * character few patterns accept (the kind of input that makes a backtracking engine try every split).
 */
export const longShapes = [
  { name: 'letters', make: (length: number) => 'a'.repeat(length) },
  { name: 'spaces then !', make: (length: number) => `${' '.repeat(length - 1)}!` },
] as const;

const encode = (value: unknown) => encodeURIComponent(String(value));

/** Every string field of the route at each length and shape, in an otherwise contract-shaped request. */
export function longInputCases(route: TableRoute, lengths: readonly number[], seed: number): LongInputCase[] {
  const cases: LongInputCase[] = [];
  const params = sampleOf(route.params, seed) as Record<string, unknown>;
  const query = sampleOf(route.querystring, seed) as Record<string, unknown>;
  const body = sampleOf(route.body, seed);
  const pathWith = (values: Record<string, unknown>) =>
    route.url
      .replace(/:(\w+)/g, (_match, name: string) =>
        encode(values?.[name] ?? '00000000-0000-4000-8000-000000000000'),
      )
      .replace('*', 'x');
  const queryWith = (values: Record<string, unknown>) => {
    const pairs = Object.entries(values ?? {}).flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value])
        .filter((item) => item !== undefined)
        .map((item) => `${encode(key)}=${encode(typeof item === 'object' ? JSON.stringify(item) : item)}`),
    );
    return pairs.length ? `?${pairs.join('&')}` : '';
  };
  const fields: StringField[] = [
    ...(route.body ? stringPaths(route.body).map((path) => ({ part: 'body' as const, path })) : []),
    ...(route.querystring
      ? stringPaths(route.querystring).map((path) => ({ part: 'query' as const, path }))
      : []),
    ...(route.params ? stringPaths(route.params).map((path) => ({ part: 'params' as const, path })) : []),
  ];
  for (const field of fields) {
    for (const length of lengths) {
      for (const shape of longShapes) {
        const long = shape.make(length);
        const label = `${field.part}.${field.path.join('.') || '(whole)'} = ${shape.name} × ${length.toLocaleString('en')}`;
        const withField = (base: unknown) => setAt(base, field.path, long) as Record<string, unknown>;
        const url = `${pathWith(field.part === 'params' ? withField(params) : params)}${queryWith(field.part === 'query' ? withField(query) : query)}`;
        const sendsJson = route.body !== undefined;
        cases.push({
          field,
          label,
          method: route.method,
          url,
          headers: sendsJson ? { 'content-type': 'application/json' } : {},
          payload: sendsJson ? JSON.stringify(field.part === 'body' ? withField(body) : body) : undefined,
        });
      }
    }
  }
  return cases;
}
