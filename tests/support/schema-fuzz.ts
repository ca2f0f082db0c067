/**
 * Requests generated from the contracts' request schemas, for the fuzzing test
 * (tests/api/contract-fuzz.test.ts): fast-check arbitraries for the subset of JSON Schema the
 * contracts use (type — one or a list —, properties, required, items, enum, const, minimum, maximum,
 * minLength, maxLength, minItems, maxItems, pattern, format), where any value may be swapped for a
 * hostile one: control characters, unpaired surrogates, strings up to past the body limit, numbers
 * JSON can write but JavaScript cannot hold (1e400, -0), deep nesting, prototype keys, the wrong type;
 * and whole requests that are wrong as a whole (not JSON, another content type, a broken multipart
 * form). fast-check has no JSON Schema support of its own; this is only what the contracts need, and
 * a schema keyword it does not know is left to the hostile values.
 */
import fc from 'fast-check';
import { multipartBody, type FormPart } from './multipart';

/** JSON text sent as written: the numbers JSON.stringify cannot write (1e400, -0, 1e-400) and deep nesting. */
export class RawJson {
  constructor(readonly text: string) {}
}

export type Fuzzed = null | boolean | number | string | RawJson | Fuzzed[] | { [key: string]: Fuzzed };

/** The JSON text of a generated value (own `__proto__` keys included, as a client could send them). */
export function jsonText(value: Fuzzed): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .map((key) => `${JSON.stringify(key)}:${jsonText(value[key]!)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** An object with these own keys, `__proto__` included (an object literal would set the prototype instead). */
function objectOf(entries: [string, Fuzzed][]): { [key: string]: Fuzzed } {
  const object: { [key: string]: Fuzzed } = {};
  for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

export type Schema = Record<string, unknown>;

// ----------------------------------------------------------------------------- hostile values

const CONTROL = ['\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\u000b', '\f', '\r', '\u001b', '\u001f', '\u007f', '\u0080', '\u0085', '\u009b', '\u009f'];
const SURROGATE_HALVES = ['\ud800', '\udbff', '\udc00', '\udfff'];
/** Text that has broken servers: paths, markup, injections, lookalikes, special words and characters. */
const NASTY_TEXT = [
  '',
  ' ',
  '\u00a0',
  '\u200b',
  '\u202e',
  '\u2028',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '\u{10ffff}',
  '👨‍👩‍👧‍👦',
  '🇹🇼',
  'e\u0301',
  '臺灣',
  '..',
  '../../etc/passwd',
  '/',
  '\\',
  '%00',
  '%2e%2e%2f',
  'C:\\Windows',
  'CON',
  "'",
  '"',
  "' OR '1'='1",
  '1; DROP TABLE admins; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '${7*7}',
  '{{7*7}}',
  '=cmd|"/c calc"!A1',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e400',
  'true',
  '[]',
  '{}',
  'http://169.254.169.254/latest/meta-data/',
  'file:///etc/passwd',
  'data:text/html,<script>alert(1)</script>',
  '2026-02-30T25:61:61Z',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.001Z',
];

/** Strings of about `n` UTF-16 units of one character: up to past the 1 MB body limit. */
const longString = fc
  .tuple(fc.constantFrom(256, 4096, 65_536, 1024 * 1024 - 1024, 1024 * 1024 + 1), fc.constantFrom('a', '臺', '\u0000', '👍', '<b>x</b>', '\ud800'))
  .map(([n, unit]) => unit.repeat(Math.max(1, Math.floor(n / unit.length))));

/** Any UTF-16 code unit, unpaired surrogates included. */
const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...CONTROL, ...SURROGATE_HALVES, ...NASTY_TEXT), weight: 4 },
  {
    arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROL, ...SURROGATE_HALVES), fc.string({ maxLength: 8 })).map(([a, b, c]) => a + b + c),
    weight: 4,
  },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 24 }), weight: 2 },
  { arbitrary: fc.string({ unit: anyUnit, maxLength: 24 }), weight: 2 },
  { arbitrary: longString, weight: 1 },
);

const HOSTILE_NUMBERS = [
  '1e308',
  '-1e308',
  '1e400',
  '-1e400',
  '-0',
  '0.0',
  '1e-400',
  '5e-324',
  '1.5',
  '0.1',
  '-1',
  '0',
  '1E3',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '18446744073709551616',
  '123456789012345678901234567890',
];
export const hostileNumber: fc.Arbitrary<Fuzzed> = fc.oneof(
  fc.constantFrom(...HOSTILE_NUMBERS).map((text) => new RawJson(text)),
  fc.double(),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
);

/** Nesting JSON.parse and a validator must survive: arrays and objects thousands deep. */
const deepNesting: fc.Arbitrary<Fuzzed> = fc
  .tuple(fc.constantFrom(64, 1_000, 10_000, 100_000), fc.boolean())
  .map(([depth, arrays]) => new RawJson(arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)));

/** Keys that reach for a prototype. */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];
const prototypeObject: fc.Arbitrary<Fuzzed> = fc.constantFrom(...PROTOTYPE_KEYS).map((key) =>
  objectOf([[key, objectOf([['prototype', objectOf([['isAdmin', true], ['status', 1]])], ['isAdmin', true], ['polluted', 'yes']])]]),
);

/** A value of any kind, most of them hostile: the wrong type for wherever it is put. */
export const hostileValue: fc.Arbitrary<Fuzzed> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom<Fuzzed>(null, true, false, [], {}, [null], new RawJson('[1,2,3,4,5,6,7,8,9,10]')),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Fuzzed>,
  deepNesting,
  prototypeObject,
  fc.constantFrom(10_000, 100_000).map((n) => new RawJson(`[${'1,'.repeat(n - 1)}1]`)),
);

// ----------------------------------------------------------------------------- values from a schema

const types = (schema: Schema): string[] => (schema.type === undefined ? [] : ([schema.type].flat() as string[]));

function stringFor(schema: Schema): fc.Arbitrary<string> {
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern as string));
  switch (schema.format) {
    case 'date-time':
      return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString());
    case 'email':
      return fc.emailAddress();
    default:
      break;
  }
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.max(minLength, Math.min((schema.maxLength as number | undefined) ?? 40, 40));
  return fc.oneof(
    fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
    // Real words and small numbers reach the handlers' lookups, not only the validator.
    fc.constantFrom('a', 'A', 'x.txt', 'docs', 'Quiz', 'zh-TW', 'Asia/Taipei', 'https://example.com', '1', 'created_at', 'id').filter((text) => text.length >= minLength),
  );
}

function integerFor(schema: Schema): fc.Arbitrary<number> {
  const min = (schema.minimum as number | undefined) ?? (schema.exclusiveMinimum !== undefined ? (schema.exclusiveMinimum as number) + 1 : Number.MIN_SAFE_INTEGER);
  const max = (schema.maximum as number | undefined) ?? (schema.exclusiveMaximum !== undefined ? (schema.exclusiveMaximum as number) - 1 : Number.MAX_SAFE_INTEGER);
  const near = Math.max(min, Math.min(0, max));
  return fc.oneof(
    // Ids of rows that exist (1, 2, 3…) and the edges the contract allows.
    { arbitrary: fc.integer({ min: near, max: Math.min(max, near + 12) }), weight: 4 },
    { arbitrary: fc.constantFrom(min, max), weight: 1 },
    { arbitrary: fc.integer({ min, max }), weight: 1 },
  );
}

function numberFor(schema: Schema): fc.Arbitrary<number> {
  const min = (schema.minimum as number | undefined) ?? -Number.MAX_VALUE;
  const max = (schema.maximum as number | undefined) ?? Number.MAX_VALUE;
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

export interface SchemaFuzzOptions {
  /** How often a value is swapped for a hostile one: weight against 6 for a value of the schema. */
  hostility: number;
  /** Values that exist on the server, by property name (a game's PIN): sent now and then so that cases get past the lookups. */
  known?: Record<string, Fuzzed[]>;
}

/** A value of one schema, or with some weight a hostile one in its place. */
export function valueFor(schema: Schema, options: SchemaFuzzOptions, depth = 0): fc.Arbitrary<Fuzzed> {
  const plain = plainValueFor(schema, options, depth);
  if (options.hostility === 0) return plain;
  const sameKind = types(schema).includes('string') ? hostileString : types(schema).some((type) => type === 'integer' || type === 'number') ? hostileNumber : hostileValue;
  return fc.oneof({ arbitrary: plain, weight: 6 }, { arbitrary: sameKind, weight: options.hostility }, { arbitrary: hostileValue, weight: options.hostility });
}

function plainValueFor(schema: Schema, options: SchemaFuzzOptions, depth: number): fc.Arbitrary<Fuzzed> {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as Fuzzed[]));
  if ('const' in schema) return fc.constant(schema.const as Fuzzed);
  for (const key of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(schema[key])) return fc.oneof(...(schema[key] as Schema[]).map((branch) => valueFor(branch, options, depth)));
  }
  const kinds = types(schema);
  if (kinds.length === 0) return fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Fuzzed>;
  return fc.oneof(
    ...kinds.map((kind): fc.Arbitrary<Fuzzed> => {
      switch (kind) {
        case 'string':
          return stringFor(schema);
        case 'integer':
          return integerFor(schema);
        case 'number':
          return numberFor(schema);
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array': {
          const items = (schema.items as Schema | undefined) ?? {};
          const minLength = (schema.minItems as number | undefined) ?? 0;
          const maxLength = Math.max(minLength, Math.min((schema.maxItems as number | undefined) ?? 5, 5));
          return depth > 6 ? fc.constant([]) : fc.array(valueFor(items, options, depth + 1), { minLength, maxLength });
        }
        case 'object':
          return objectFor(schema, options, depth);
        default:
          return hostileValue;
      }
    }),
  );
}

/**
 * An object of the schema's properties — the required ones present, the others now and then — and
 * now and then a required one missing, an unknown key, or a prototype key.
 */
function objectFor(schema: Schema, options: SchemaFuzzOptions, depth: number): fc.Arbitrary<Fuzzed> {
  const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const names = Object.keys(properties);
  const entries = names.map((name) => {
    const generated = valueFor(properties[name]!, options, depth + 1);
    const known = options.known?.[name];
    const value = known?.length ? fc.oneof(generated, fc.constantFrom(...known)) : generated;
    return fc.record({ present: required.has(name) ? fc.constant(true) : fc.boolean(), value }).map(({ present, value }) => (present ? ([name, value] as [string, Fuzzed]) : null));
  });
  const extra: fc.Arbitrary<[string, Fuzzed][]> =
    options.hostility === 0
      ? fc.constant<[string, Fuzzed][]>([])
      : fc.oneof(
          { arbitrary: fc.constant<[string, Fuzzed][]>([]), weight: 8 },
          { arbitrary: fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS, 'extra', '', '\u0000', 'id', 'company_id', 'admin_id', 'is_super'), hostileValue).map((entry) => [entry]), weight: 1 },
        );
  const drop: fc.Arbitrary<string | null> =
    options.hostility === 0 || required.size === 0 ? fc.constant(null) : fc.oneof({ arbitrary: fc.constant(null), weight: 12 }, { arbitrary: fc.constantFrom(...required), weight: 1 });
  return fc.tuple(fc.tuple(...entries), extra, drop).map(([chosen, more, dropped]) =>
    objectOf([...chosen.filter((entry): entry is [string, Fuzzed] => entry !== null && entry[0] !== dropped), ...more]),
  );
}

// ----------------------------------------------------------------------------- whole requests

/** One request to send: its body bytes and headers (content type, and the case's own Lang, Cid, authorization). */
export interface FuzzRequest {
  /** What the case is, for a failure's report. */
  kind: string;
  payload: string | Buffer;
  headers: Record<string, string>;
}

const WRONG_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json-patch+json',
  'application/vnd.api+json',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'image/png',
  'text/html; charset=utf-8',
  ';',
  'application/json, text/plain',
];

/** Bodies that are not the JSON of an object: empty, scalars, broken or truncated JSON, invalid UTF-8, prototype keys. */
const BROKEN_BODIES: (string | Buffer)[] = [
  '',
  ' ',
  'null',
  'true',
  '0',
  '1e400',
  '"text"',
  '[]',
  '[{}]',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}{"b":2}',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '\ufeff{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1,"a":2}',
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d]),
  Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
  Buffer.from([0x00, 0x7b, 0x00, 0x7d]),
  '['.repeat(200_000),
  `{"x":"${'a'.repeat(1024 * 1024 + 16)}"}`,
];

const LANGS = ['en', 'zh-TW', 'zh-tw', 'ZH-TW', '', 'xx', 'en-US', 'zh-TW, en', '*', '\u00ff', 'a'.repeat(2000)];
const CIDS = ['1', '2', '0', '-1', '01', '1.0', '1e3', '1e400', ' 1', '1 ', '1,2', '0x1', 'abc', '', '99999999999999999999', '2147483648', '9007199254740993'];
const AUTHORIZATIONS = ['Bearer', 'Bearer ', 'Bearer x', 'Bearer a.b.c', 'bearer x', 'Basic YWRtaW46YWRtaW4=', 'Token x', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOjF9.', `Bearer ${'a'.repeat(8000)}`, 'Bearer \u00ff'];

export interface OperationShape {
  operationId: string;
  /** The request body's schema for JSON, by media type (an operation without a body: none). */
  bodies: Record<string, Schema>;
}

/**
 * The requests of one operation: mostly a body generated from its schema (with hostile values in
 * it), plus whole-request attacks — a broken body, another content type, odd headers — in the mix.
 * The caller adds the authorization a case normally carries (odd headers may replace it).
 */
export function requestsFor(operation: OperationShape, options: SchemaFuzzOptions): fc.Arbitrary<FuzzRequest> {
  const json = operation.bodies['application/json'];
  const multipart = operation.bodies['multipart/form-data'];
  const generated: fc.Arbitrary<FuzzRequest>[] = [];
  if (json) {
    generated.push(
      fc.oneof({ arbitrary: valueFor(json, { ...options, hostility: 0 }), weight: 1 }, { arbitrary: valueFor(json, options), weight: 9 }).map((value) => ({
        kind: 'json from the schema',
        payload: jsonText(value),
        headers: { 'content-type': 'application/json' },
      })),
    );
  } else if (!multipart) {
    // No body in the contract: an empty JSON object, or anything.
    generated.push(fc.oneof(fc.constant<Fuzzed>({}), hostileValue).map((value) => ({ kind: 'json (no body in the contract)', payload: jsonText(value), headers: { 'content-type': 'application/json' } })));
  }
  if (multipart) generated.push(multipartFor(multipart, options));
  const broken = fc.constantFrom(...BROKEN_BODIES).map((payload): FuzzRequest => ({ kind: 'broken body', payload, headers: { 'content-type': 'application/json' } }));
  const wrongType = fc.tuple(fc.constantFrom(...WRONG_TYPES, null), fc.constantFrom<string | Buffer>('{}', 'a=1&b=2', '<a/>', Buffer.from([0x89, 0x50, 0x4e, 0x47]), '')).map(([type, payload]): FuzzRequest => ({
    kind: 'wrong content type',
    payload,
    headers: type === null ? {} : { 'content-type': type },
  }));
  const base = fc.oneof({ arbitrary: fc.oneof(...generated), weight: 8 }, { arbitrary: broken, weight: 1 }, { arbitrary: wrongType, weight: 1 });
  const headers = fc.record(
    {
      lang: fc.constantFrom(...LANGS),
      cid: fc.constantFrom(...CIDS),
      authorization: fc.constantFrom(...AUTHORIZATIONS),
    },
    { requiredKeys: [] },
  );
  const oddHeaders = fc.oneof({ arbitrary: fc.constant(null), weight: 9 }, { arbitrary: headers, weight: 1 });
  return fc.tuple(base, oddHeaders).map(([request, odd]) => (odd ? { ...request, kind: `${request.kind}, odd headers`, headers: { ...request.headers, ...odd } } : request));
}

/** multipart/form-data from the schema: its text fields (hostile values in them), a file part, and broken forms. */
function multipartFor(schema: Schema, options: SchemaFuzzOptions): fc.Arbitrary<FuzzRequest> {
  const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
  const textFields = Object.entries(properties).filter(([, property]) => property.format !== 'binary');
  const fileFields = Object.entries(properties)
    .filter(([, property]) => property.format === 'binary')
    .map(([name]) => name);
  const fieldParts = fc.tuple(
    ...textFields.map(([name, property]) =>
      fc.option(
        fc.oneof(plainValueFor(property, options, 1), hostileString).map((value): FormPart => ({ name, value: typeof value === 'string' ? value : jsonText(value) })),
        { freq: 4 },
      ),
    ),
  );
  const fileContents = fc.oneof(
    fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
    fc.constantFrom(
      Buffer.from('username,name,email\nbob,Bob,bob@example.com\n'),
      Buffer.from('一行文字\n'),
      Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2e5c4f80000000049454e44ae426082', 'hex'),
      Buffer.from('%PDF-1.4\n%%EOF\n'),
      Buffer.from('PK\u0003\u0004'),
      Buffer.alloc(0),
    ),
  );
  const fileName = fc.oneof(fc.constantFrom('a.txt', 'list.csv', 'image.png', 'doc.pdf', 'admins.xlsx', 'a.exe', ''), hostileString.map((name) => `${name}.txt`), hostileString);
  const filePart = fc
    .tuple(fc.constantFrom(...(fileFields.length ? fileFields : ['file']), 'other'), fileName, fileContents, fc.constantFrom('text/plain', 'text/csv', 'image/png', 'application/pdf', 'application/octet-stream', 'x/\u00ff'))
    .map(([name, filename, bytes, type]): FormPart => ({ name, filename, bytes, type }));
  const form = fc.tuple(fieldParts, fc.array(filePart, { minLength: 0, maxLength: 2 }), fc.boolean()).map(([fields, files, fieldsFirst]) => {
    const present = fields.filter((part): part is FormPart => part !== null);
    const parts = fieldsFirst ? [...present, ...files] : [...files, ...present];
    const { body, contentType } = multipartBody(parts);
    return { kind: 'multipart from the schema', payload: body, headers: { 'content-type': contentType } } satisfies FuzzRequest;
  });
  const brokenForm = fc
    .constantFrom(
      { payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc', type: 'multipart/form-data; boundary=x' },
      { payload: 'not a form', type: 'multipart/form-data; boundary=x' },
      { payload: '--x--\r\n', type: 'multipart/form-data; boundary=x' },
      { payload: '--y\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--y--\r\n', type: 'multipart/form-data; boundary=x' },
      { payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc\r\n--x--\r\n', type: 'multipart/form-data' },
      { payload: '--x\r\nContent-Disposition: form-data\r\n\r\nabc\r\n--x--\r\n', type: 'multipart/form-data; boundary=x' },
      { payload: `--x\r\nContent-Disposition: form-data; name="${'n'.repeat(10_000)}"\r\n\r\nabc\r\n--x--\r\n`, type: 'multipart/form-data; boundary=x' },
    )
    .map(({ payload, type }) => ({ kind: 'broken multipart form', payload, headers: { 'content-type': type } }) satisfies FuzzRequest);
  return fc.oneof({ arbitrary: form, weight: 6 }, { arbitrary: brokenForm, weight: 1 });
}
