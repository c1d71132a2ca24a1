import fc from 'fast-check';
import type { JsonSchema, Operation } from './openapi-operations';
import { urlOf } from './openapi-operations';

// Generated hostile requests for one operation of the OpenAPI document: bodies shaped like its
// schema but with wrong types, missing and extra fields, huge or strange strings and numbers,
// broken JSON and wrong content types; hostile path, query and header values.

export interface FuzzRequest {
  kind: string;
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Strings that break naive code: SQL and HTML metacharacters, control and odd unicode. */
const NASTY_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(0)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  'a\u0000b',
  '\r\n\t\b\f\v',
  '\u202e\u200b\ufeff',
  '\ud800',
  '🛒🇳🇵👩‍👩‍👧',
  'पसल',
  '\\',
  '%',
  '_%_',
  'null',
  'NaN',
  '-1',
  '1e309',
  ' ',
  '',
];

/** Numbers at and past every edge a column or a computation has. */
const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  -0.5,
  1.000_000_1,
  0.1 + 0.2,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  -(2 ** 63),
  1e21,
  1e308,
  Number.MIN_VALUE,
];

const hugeString = fc.integer({ min: 300, max: 200_000 }).map((length) => 'x'.repeat(length));

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: hugeString },
);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

/** Any JSON value, from the small and odd to the huge (long arrays, deep nesting). */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant({}),
  fc.constant([]),
  fc.array(fc.oneof(nastyString, nastyNumber, fc.constant(null)), { maxLength: 4 }),
  fc.integer({ min: 1000, max: 50_000 }).map((length) => Array.from({ length }, (_, index) => index)),
  fc.integer({ min: 50, max: 2000 }).map((depth) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`)),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(nastyString, nastyNumber), { maxKeys: 3 }),
);

/** Fields a client must never be able to set (mass assignment), with values that would matter. */
export const PRIVILEGED_FIELDS: Record<string, unknown> = {
  id: 1,
  user: 1,
  user_id: 1,
  userId: 1,
  is_staff: true,
  isStaff: true,
  is_rider: true,
  isRider: true,
  is_superuser: true,
  is_active: false,
  price: 1,
  selling_price: 1,
  unit_price: 1,
  total: 1,
  total_amount: 1,
  grand_total: 1,
  subtotal: 1,
  discount: 99_999,
  delivery_charge: 0,
  status: 'Delivered',
  order_status: 'Delivered',
  payment_status: 'Paid',
  paid: true,
  payment_completed: true,
  stock: 99_999,
  created_at: '2000-01-01T00:00:00Z',
  token_version: 0,
};

const privilegedExtras = fc
  .subarray(Object.keys(PRIVILEGED_FIELDS), { minLength: 1 })
  .map((keys) => Object.fromEntries(keys.map((key) => [key, PRIVILEGED_FIELDS[key]])));

/** The value one time in five, else undefined. */
function sometimes<T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  return [];
}

function fitString(value: string, schema: JsonSchema): string {
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
  const min = schema.minLength ?? 0;
  const cut = value.length > max ? value.slice(0, max) : value;
  return cut.length < min ? cut.padEnd(min, 'a') : cut;
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date')
    return fc.constantFrom('2024-02-29', '1900-01-01', '2999-12-31', '2023-02-30');
  if (schema.format === 'date-time')
    return fc.constantFrom('2024-01-01T00:00:00Z', '1970-01-01T00:00:00.000Z');
  if (schema.format === 'email') return fc.constantFrom('a@b.co', "o'hara@example.com", 'x@x');
  if (schema.pattern === '^\\d{1,10}$' || schema.pattern === '^\\d+$' || schema.pattern === '^\\d*$') {
    return fc.constantFrom('0', '1', '2', '9999999999', '2147483648', '00000000001');
  }
  return nastyString.map((value) => fitString(value, schema));
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low =
    schema.minimum ?? (schema.exclusiveMinimum === undefined ? -(2 ** 31) : schema.exclusiveMinimum + 1);
  const high =
    schema.maximum ?? (schema.exclusiveMaximum === undefined ? 2 ** 31 - 1 : schema.exclusiveMaximum - 1);
  const edges = [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum]
    .filter((value): value is number => typeof value === 'number')
    .flatMap((value) => [value, value + 1, value - 1]);
  // Mostly in range (so the request gets past validation to the code behind it), sometimes not.
  const inRange = fc
    .constantFrom(1, 2, 3, 6, 10, 1000, low, high)
    .filter((value) => value >= low && value <= high);
  return fc.oneof(
    { weight: 4, arbitrary: inRange },
    { weight: 1, arbitrary: fc.constantFrom(...(edges.length > 0 ? edges : [0])) },
    { weight: 1, arbitrary: integer ? nastyNumber.map((value) => Math.trunc(value)) : nastyNumber },
  );
}

/** A value of the schema's shape (mostly of the right types), filled with hostile content. */
export function plausible(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return junk;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((part) => plausible(part, depth + 1)));
  if (schema.allOf?.length) return plausible(schema.allOf[0], depth + 1);
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => plausible({ ...schema, type }, depth + 1)));
  switch (types[0]) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(plausible(schema.items ?? {}, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const record = fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, value]) => [key, plausible(value, depth + 1)]),
        ),
        { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
      );
      if (depth > 0) return record;
      // Privileged fields now and then, at the top (mass-assignment.test.ts checks their effect).
      return fc
        .tuple(record, sometimes(privilegedExtras))
        .map(([value, extras]) => (extras ? { ...extras, ...value } : value));
    }
    default:
      return junk;
  }
}

/** A value the schema certainly refuses (where the schema can refuse anything). */
export function violation(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const types = new Set(typesOf(schema));
  const options: fc.Arbitrary<unknown>[] = [];
  const wrongTypes: [string, fc.Arbitrary<unknown>][] = [
    ['string', nastyString],
    ['number', nastyNumber],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.array(nastyString, { maxLength: 3 })],
    ['object', fc.dictionary(fc.string({ maxLength: 6 }), nastyString, { maxKeys: 2 })],
  ];
  if (types.size > 0 && !schema.anyOf && !schema.oneOf) {
    const numeric = types.has('integer') || types.has('number');
    const other = wrongTypes.filter(([type]) => !types.has(type) && !(numeric && type === 'number'));
    options.push(...other.map(([, arbitrary]) => arbitrary));
  }
  if (schema.enum) options.push(fc.constant('NOT_ONE_OF_THEM'));
  if (typeof schema.maxLength === 'number') options.push(fc.constant('y'.repeat(schema.maxLength + 1)));
  if (typeof schema.minLength === 'number' && schema.minLength > 0) options.push(fc.constant(''));
  if (types.has('integer')) options.push(fc.constantFrom(1.5, -0.25));
  for (const bound of [schema.maximum, schema.exclusiveMaximum]) {
    if (typeof bound === 'number') options.push(fc.constant(bound + 1));
  }
  for (const bound of [schema.minimum, schema.exclusiveMinimum]) {
    if (typeof bound === 'number') options.push(fc.constant(bound - 1));
  }
  if (types.has('object') && schema.properties && depth < 4) {
    const keys = Object.keys(schema.properties);
    const required = (schema.required ?? []).filter((key) => keys.includes(key));
    const base = plausible(schema, depth + 1) as fc.Arbitrary<Record<string, unknown>>;
    if (required.length > 0) {
      // A required field missing.
      options.push(
        fc.tuple(base, fc.constantFrom(...required)).map(([value, key]) => {
          const copy = { ...value };
          delete copy[key];
          return copy;
        }),
      );
    }
    if (keys.length > 0) {
      // One field of the wrong kind, the rest plausible.
      options.push(
        fc
          .constantFrom(...keys)
          .chain((key) =>
            fc
              .tuple(base, violation(schema.properties?.[key] ?? {}, depth + 1))
              .map(([value, bad]) => ({ ...value, [key]: bad })),
          ),
      );
    }
  }
  if (types.has('array') && schema.items && depth < 4) {
    options.push(fc.array(violation(schema.items, depth + 1), { minLength: 1, maxLength: 3 }));
    if (typeof schema.maxItems === 'number') {
      options.push(fc.constant(Array.from({ length: schema.maxItems + 1 }, () => 1)));
    }
  }
  return options.length > 0 ? fc.oneof(...options) : junk;
}

/** Bodies no JSON parser (or no schema) accepts, sent as JSON. */
const BROKEN_JSON = [
  '',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  '[1,2',
  '\u0000',
  '{"a":1}{"b":2}',
  '{"quantity":1e999}',
  '{"quantity":-1e999}',
  '{"__proto__":{"isStaff":true,"is_staff":true}}',
  '{"constructor":{"prototype":{"isStaff":true}}}',
  '"just a string"',
  '12345678901234567890123456789',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
];

/** Content types the JSON routes do not take, or take with a body that is not what it says. */
const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=----x',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'image/png',
  'application/json\u0000',
];

/** Path values: existing ids (so a request can reach the code behind the lookup) and hostile ones. */
function pathValue(name: string, schema: JsonSchema, known: Record<string, string[]>): fc.Arbitrary<string> {
  const hostile = fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '2147483648',
    '99999999999999999999999',
    'abc',
    "1' OR '1'='1",
    '<script>',
    '%00',
    ' ',
    '..',
    'पसल',
    'x'.repeat(400),
  );
  const existing = known[name];
  const plausibleValue = plausible(schema).map(String);
  return existing?.length
    ? fc.oneof(fc.constantFrom(...existing), hostile, plausibleValue)
    : fc.oneof(hostile, plausibleValue);
}

function queryString(operation: Operation): fc.Arbitrary<string> {
  const entries = operation.parameters
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) =>
      fc.option(
        fc.oneof(
          plausible(parameter.schema).map((value) => [[parameter.name, String(value)]]),
          violation(parameter.schema).map((value) => [
            [parameter.name, typeof value === 'string' ? value : JSON.stringify(value)],
          ]),
          // The same parameter twice arrives as an array.
          fc.tuple(nastyString, nastyString).map(([a, b]) => [
            [parameter.name, a],
            [parameter.name, b],
          ]),
        ),
        { freq: 4 },
      ),
    );
  const extra = sometimes(
    fc.tuple(fc.constantFrom('user_id', 'is_staff', 'limit', 'offset', '__proto__', 'a[b]'), nastyString),
  );
  // Written as sent, not encoded: bad percent-encoding, invalid UTF-8, bracket and empty keys.
  const raw = fc.option(
    fc.constantFrom('%zz=1', 'q=%ff%fe', '%E0%A4=x', 'a[b][c]=1', '=1', '&&&', 'page=%00'),
    {
      freq: 4,
    },
  );
  return fc.tuple(fc.tuple(...entries), extra, raw).map(([chosen, more, verbatim]) => {
    const search = new URLSearchParams();
    for (const pairs of chosen) for (const [key, value] of pairs ?? []) search.append(key, value);
    if (more) search.append(more[0], more[1]);
    return [search.toString(), verbatim].filter(Boolean).join('&');
  });
}

function headerValues(operation: Operation): fc.Arbitrary<Record<string, string>> {
  const headers = operation.parameters.filter((parameter) => parameter.in === 'header');
  return fc
    .tuple(
      ...headers.map((parameter) =>
        fc.option(
          fc.oneof(
            plausible(parameter.schema).map(String),
            fc.constantFrom(' ', 'é', 'x'.repeat(300), "'; DROP TABLE orders; --", '<b>'),
          ),
          { freq: 3 },
        ),
      ),
    )
    .map((values) =>
      Object.fromEntries(
        values.flatMap((value, index) => (value === null ? [] : [[headers[index].name, value]])),
      ),
    );
}

type Body = { kind: string; payload?: string | Buffer; contentType?: string };

function bodyFor(operation: Operation): fc.Arbitrary<Body> {
  const json = (kind: string) => (value: unknown) => ({
    kind,
    payload: JSON.stringify(value),
    contentType: 'application/json',
  });
  const broken = fc.constantFrom(...BROKEN_JSON).map((payload) => ({
    kind: 'broken JSON',
    payload,
    contentType: 'application/json',
  }));
  const wrongType = fc
    .tuple(fc.constantFrom(...WRONG_CONTENT_TYPES), operation.body ? plausible(operation.body) : junk)
    .map(([contentType, value]) => ({
      kind: 'wrong content type',
      payload: typeof value === 'string' ? value : JSON.stringify(value),
      contentType,
    }));
  const tooLarge = fc.constant({
    kind: 'body over the size limit',
    payload: JSON.stringify({ a: 'z'.repeat(1_100_000) }),
    contentType: 'application/json',
  });
  const invalidUtf8 = fc.constant({
    kind: 'invalid UTF-8',
    payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]),
    contentType: 'application/json',
  });
  if (operation.body) {
    return fc.oneof(
      { weight: 5, arbitrary: violation(operation.body).map(json('schema violation')) },
      { weight: 7, arbitrary: plausible(operation.body).map(json('hostile values')) },
      { weight: 1, arbitrary: junk.map(json('junk JSON')) },
      { weight: 2, arbitrary: broken },
      { weight: 2, arbitrary: wrongType },
      { weight: 1, arbitrary: invalidUtf8 },
      { weight: 1, arbitrary: tooLarge },
    );
  }
  if (operation.method === 'GET') return fc.constant({ kind: 'no body' });
  if (operation.multipart) {
    return fc.oneof(
      junk.map(json('JSON instead of a form')),
      broken,
      wrongType,
      fc
        .constantFrom(
          '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nnot an image\r\n--x--\r\n',
          '--x\r\nContent-Disposition: form-data; name="image"\r\n\r\n',
          '--x--',
          'no boundary at all',
        )
        .map((payload) => ({ kind: 'broken form', payload, contentType: 'multipart/form-data; boundary=x' })),
    );
  }
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant({ kind: 'no body' }) },
    junk.map(json('junk JSON')),
    broken,
  );
}

/** Hostile requests for one operation, with `token` sent when it needs one. */
export function requestsFor(
  operation: Operation,
  known: Record<string, string[]>,
  token: string | undefined,
  /** Path values never to send, by parameter (the fuzzing accounts: staff may disable a customer). */
  avoid: Record<string, string[]> = {},
): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const path = fc
    .tuple(
      ...pathParameters.map((parameter) =>
        pathValue(parameter.name, parameter.schema, known).filter(
          (value) => !(avoid[parameter.name] ?? []).includes(value),
        ),
      ),
    )
    .map((values) => Object.fromEntries(values.map((value, index) => [pathParameters[index].name, value])));
  return fc
    .tuple(path, queryString(operation), headerValues(operation), bodyFor(operation))
    .map(([pathValues, query, extraHeaders, body]) => ({
      kind: body.kind,
      method: operation.method,
      url: urlOf(operation, pathValues, query),
      headers: {
        ...extraHeaders,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body.contentType ? { 'content-type': body.contentType } : {}),
      },
      ...(body.payload === undefined ? {} : { payload: body.payload }),
    }));
}
