import fc from 'fast-check';
import type { ZodType } from 'zod';

/** The parts of a zod 4 schema definition the generator reads. */
interface ZodDef {
  type: string;
  format?: string;
  pattern?: RegExp;
  checks?: {
    _zod: {
      def: {
        check: string;
        minimum?: number;
        maximum?: number;
        value?: number;
        format?: string;
        pattern?: RegExp;
      };
    };
  }[];
  shape?: Record<string, ZodType>;
  innerType?: ZodType;
  element?: ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: ZodType[];
  in?: ZodType;
  keyType?: ZodType;
  valueType?: ZodType;
  items?: ZodType[];
}

const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

function checkValue(def: ZodDef, name: string, key: 'minimum' | 'maximum' | 'value') {
  const found = def.checks?.find((check) => check._zod.def.check === name);
  return found?._zod.def[key];
}

function stringLike(def: ZodDef): fc.Arbitrary<string> {
  const format = def.format ?? def.checks?.find((check) => check._zod.def.format)?._zod.def.format;
  switch (format) {
    case 'uuid':
    case 'guid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'url':
      return fc.webUrl();
    case 'datetime':
      return fc
        .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
        .map((date) => date.toISOString());
    case 'date':
      return fc
        .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
        .map((date) => date.toISOString().slice(0, 10));
    case 'regex': {
      const pattern = def.checks?.find((check) => check._zod.def.pattern)?._zod.def.pattern;
      if (pattern) return fc.stringMatching(pattern).filter((text) => text.length < 2000);
    }
  }
  const minLength = checkValue(def, 'min_length', 'minimum') ?? 0;
  const maxLength = Math.min(checkValue(def, 'max_length', 'maximum') ?? minLength + 40, minLength + 200);
  return fc.string({ minLength, maxLength });
}

function numberLike(def: ZodDef): fc.Arbitrary<number> {
  const min = checkValue(def, 'greater_than', 'value') ?? -1000;
  const max = checkValue(def, 'less_than', 'value') ?? Math.max(min + 1000, 1000);
  const isInt = def.checks?.some(
    (check) => check._zod.def.format === 'safeint' || check._zod.def.format === 'int32',
  );
  return isInt
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true });
}

/** Values that a client following the contract could send (not always valid: the generator is loose). */
export function validLooking(schema: ZodType | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(undefined);
  const def = defOf(schema);
  const inner = (child: ZodType | undefined) => validLooking(child, depth + 1);
  switch (def.type) {
    case 'string':
      return stringLike(def);
    case 'number':
      return numberLike(def);
    case 'int':
    case 'bigint':
      return fc.integer({ min: -1000, max: 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { none: 'none' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'null':
      return fc.constant(null);
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'pipe':
      return inner(def.in);
    case 'lazy':
      return fc.constant(undefined);
    case 'array':
      return fc.array(inner(def.element), { maxLength: 5 });
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map(inner));
    case 'union':
      return fc.oneof(...(def.options ?? []).map(inner));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), inner(def.valueType), { maxKeys: 4 });
    case 'object': {
      const shape = def.shape ?? {};
      const entries = Object.entries(shape).map(
        ([key, child]) => [key, withNameHint(key, inner(child))] as const,
      );
      return fc
        .record(Object.fromEntries(entries))
        .map((value) => dropUndefined(value as Record<string, unknown>));
    }
    default:
      return anyJson;
  }
}

/**
 * Fields checked by custom refinements (dates, money) rarely pass with random text; their names
 * say what they hold, so valid-looking values of that kind are mixed in to reach the code behind.
 */
function withNameHint(key: string, arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  if (/(On|Date|Day)$|^(date|day|month)$/.test(key)) {
    const day = fc
      .date({ noInvalidDate: true, min: new Date('2020-01-01'), max: new Date('2030-12-31') })
      .map((date) => date.toISOString().slice(0, 10));
    return fc.oneof(arbitrary, day);
  }
  if (/amount|price|cents/i.test(key)) {
    return fc.oneof(
      arbitrary,
      fc.integer({ min: 1, max: 100_000 }).map((cents) => (cents / 100).toFixed(2)),
      fc.integer({ min: 1, max: 10_000 }),
    );
  }
  if (/^year$/.test(key)) return fc.oneof(arbitrary, fc.integer({ min: 2000, max: 2040 }));
  return arbitrary;
}

function dropUndefined(value: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined));
}

const anyJson = fc.jsonValue({ maxDepth: 3 });

/** Strings meant to break things: control characters, broken UTF-16, injections, paths, huge sizes. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFFy',
    '\uFEFF\u202E\u200B',
    '🧨'.repeat(50),
    "' OR 1=1 --",
    "'; DROP TABLE users; --",
    '"; SELECT pg_sleep(0); --',
    '\\',
    '%00',
    '%',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '{{7*7}}${7*7}',
    '../../../../etc/passwd',
    '__proto__',
    'constructor',
    'NaN',
    'Infinity',
    '-Infinity',
    '-0',
    '1e999',
    '0x1F',
    '9999999999999999999999999',
    '',
    ' ',
    'null',
    'undefined',
    'true',
    'not-a-uuid',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '2026-02-30T25:61:00Z',
    'http://169.254.169.254/latest/meta-data',
    'javascript:alert(1)',
  ),
  fc.uuid(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\uD800', '\uDC00', 'a', 'é', '\n', '"', "'"), maxLength: 20 }),
  fc.integer({ min: 1000, max: 120_000 }).map((length) => 'x'.repeat(length)),
);

/** Any JSON-ish value of a wrong or extreme kind. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    -1e308,
    1e308,
    2 ** 31,
    2 ** 53 + 2,
    -(2 ** 63),
    0.5,
    Number.MIN_VALUE,
    [],
    {},
    [null],
    { $ne: null },
  ),
  fc.integer(),
  fc.double(),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** A schema-shaped value with one thing wrong: a field replaced, dropped or added, or the whole value swapped. */
export function hostileFor(schema: ZodType | undefined): fc.Arbitrary<unknown> {
  const valid = validLooking(schema);
  return fc.oneof(
    hostileValue,
    fc
      .tuple(valid, hostileString, hostileValue)
      .map(([value, key, extra]) => mutateObject(value, (copy) => void (copy[key] = extra))),
    fc.tuple(valid, fc.nat(), hostileValue).map(([value, index, replacement]) =>
      mutateObject(value, (copy) => {
        const keys = Object.keys(copy);
        if (keys.length) copy[keys[index % keys.length]!] = replacement;
      }),
    ),
    fc.tuple(valid, fc.nat()).map(([value, index]) =>
      mutateObject(value, (copy) => {
        const keys = Object.keys(copy);
        if (keys.length) delete copy[keys[index % keys.length]!];
      }),
    ),
  );
}

function mutateObject(value: unknown, change: (copy: Record<string, unknown>) => void): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const copy = { ...(value as Record<string, unknown>) };
  change(copy);
  return copy;
}

/** Valid-looking or hostile, about half and half. */
export function fuzzValue(schema: ZodType | undefined): fc.Arbitrary<unknown> {
  return fc.oneof(validLooking(schema), hostileFor(schema));
}
