import fc from 'fast-check';

// Random requests derived from the OpenAPI document (tests/api/fuzz.test.ts): values that follow
// each JSON schema most of the time, and at every level, sometimes, values that break it.

type Schema = Record<string, any>;

export interface Operation {
  method: string;
  /** '/api/invoices/{id}' */
  path: string;
  body?: Schema;
  query: Array<{ name: string; schema: Schema }>;
  /** The statuses the document declares ('200', '503'…). */
  responses: string[];
}

export interface FuzzRequest {
  method: string;
  url: string;
  as: 'demo' | 'admin' | 'none';
  headers: Record<string, string>;
  rawBody?: string;
  declared: string[];
}

export function operationsOf(doc: { paths: Record<string, Record<string, any>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      body: op.requestBody?.content?.['application/json']?.schema,
      query: (op.parameters ?? [])
        .filter((p: any) => p.in === 'query')
        .map((p: any) => ({ name: p.name, schema: p.schema ?? {} })),
      responses: Object.keys(op.responses ?? {}),
    })),
  );
}

/** Text that has broken servers: NUL and controls, lone surrogates, bidi, huge and odd numbers, dates. */
const NASTY_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007',
  '\u001b[31m',
  '\t\n\r',
  '\u007f',
  '\u0085',
  '\u202e',
  '\ud800',
  'x\udfff',
  '😀',
  'é',
  "'; drop table invoices; --",
  '%00',
  '../..',
  '<script>alert(1)</script>',
  'NaN',
  'null',
  'true',
  '-0',
  '1e309',
  '-1',
  '0',
  '9999999999',
  '99999999999999999999999',
  '-9999999999999999999',
  '1,5',
  '1 234,56',
  '2026-02-30',
  '0001-01-01',
  '9999-12-31',
  '2026-11-23',
  '2026-11-23T10:00:00Z',
  'Facture',
  'Avoir',
  'En cours',
  'Accepté',
];
const NASTY_NUMBERS = [
  0, -0, -1, 1, 0.1, 1.005, 2147483647, 2147483648, -2147483649, 9_999_999_999, 1e15, 1e21, 1e308, -1e308, 5e-324,
  1_000_000_000.01,
];

/** What PostgreSQL cannot store (NUL, lone surrogates) and other controls: the most frequent 500 of the issue. */
const CONTROLS = [
  '\u0000',
  'a\u0000b',
  'Réception\u0000',
  '\u0007',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\ud800',
  'x\udfff',
  '\u202e',
];
const shortNasty = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...CONTROLS) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
);
const nastyText = fc.oneof(
  { weight: 5, arbitrary: shortNasty },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(5000), 'é'.repeat(3000), '\u0000'.repeat(2000)) },
);
const anyNumber = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 1, arbitrary: fc.integer({ min: -1000, max: 100_000 }) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);
const junk: fc.Arbitrary<unknown> = fc.oneof(
  nastyText,
  anyNumber,
  fc.constantFrom(null, true, false, {}, []),
  fc.jsonValue({ maxDepth: 2 }),
);

function stringOf(schema: Schema, nasty = nastyText): fc.Arbitrary<string> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum.map(String));
  const max = Math.min(schema.maxLength ?? 40, 60);
  return fc.oneof(fc.string({ minLength: Math.min(schema.minLength ?? 0, max), maxLength: max }), nasty);
}

function numberOf(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
  const max = Math.min(schema.maximum ?? 1_000_000, 1_000_000);
  const inRange = integer
    ? fc.integer({ min: Math.max(min, -1_000_000), max: Math.max(max, min) })
    : fc.double({ min: Math.max(min, -1e6), max: Math.max(max, min), noNaN: true });
  return fc.oneof({ weight: 3, arbitrary: inRange }, { weight: 1, arbitrary: anyNumber });
}

/** A value for the schema, or (1 time in 12 at each level) any junk. */
export function valueOf(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return junk;
  return fc.oneof({ weight: 11, arbitrary: followed(schema, depth) }, { weight: 1, arbitrary: junk });
}

/** Paths to every leaf (string, number, boolean, null) of a JSON value. */
function leaves(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [path];
}

function replaced(value: unknown, path: Array<string | number>, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[path[0]] = replaced(copy[path[0]], path.slice(1), leaf);
  return copy;
}

/** A valid example with one or two leaves replaced by nasty text or numbers: reaches the deep code. */
export function mutated(examples: unknown[]): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    { weight: 4, arbitrary: shortNasty },
    { weight: 3, arbitrary: anyNumber },
    { weight: 1, arbitrary: junk },
  );
  return fc.constantFrom(...examples).chain((example) => {
    const paths = leaves(example);
    return fc
      .array(fc.tuple(fc.constantFrom(...paths), leaf), { minLength: 1, maxLength: 3 })
      .map((changes) => changes.reduce((v, [path, value]) => replaced(v, path, value), example));
  });
}

function followed(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) return fc.oneof(...alternatives.map((s: Schema) => valueOf(s, depth + 1)));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueOf(schema.items, depth + 1), { maxLength: 4 });
    case 'object': {
      const props = Object.fromEntries(
        Object.entries<Schema>(schema.properties ?? {}).map(([k, s]) => [k, valueOf(s, depth + 1)]),
      );
      return fc.record(props, { requiredKeys: [] });
    }
    default:
      return junk;
  }
}

/** Path ids: real ones, out of the integer range, negative, NUL, bidi, emoji, accents, very long, random. */
const PATH_VALUES = [
  '1',
  '2',
  '3',
  '5',
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '99999999999999999999',
  '1.5',
  '1e3',
  'abc',
  'null',
  '%00',
  'a%00b',
  '%07',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '%C3%A9',
  '%ED%A0%80',
  '%FF',
  '%',
  '%20',
  '411DUP',
  '411MARTIN',
  'C001',
  'x'.repeat(3000),
  '2026-11-23',
  '0001-01-01',
  '9999-12-31',
  '2026-02-30',
];
const pathValueOf = (known: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...PATH_VALUES) },
    { weight: known.length ? 4 : 0, arbitrary: fc.constantFrom(...known, '1') },
    { weight: 1, arbitrary: fc.nat(40).map(String) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }).map(encodeURIComponent) },
  );

function queryOf(op: Operation): fc.Arbitrary<string> {
  const params = Object.fromEntries(
    op.query.map(({ name, schema }) => [name, fc.oneof(stringOf(schema, shortNasty), anyNumber.map(String))]),
  );
  const extra = fc.option(fc.tuple(fc.constantFrom('q', 'page', 'x', 'é', '\u0000'), shortNasty), {
    nil: undefined,
    freq: 5,
  });
  return fc.tuple(fc.record(params, { requiredKeys: [] }), extra).map(([values, more]) => {
    const search = new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]));
    if (more) search.append(more[0], more[1]);
    const text = search.toString();
    return text ? `?${text}` : '';
  });
}

type RawBody = { rawBody?: string; contentType?: string };

function bodyOf(op: Operation, examples: unknown[] | undefined): fc.Arbitrary<RawBody> {
  const value = examples?.length
    ? fc.oneof({ weight: 3, arbitrary: mutated(examples) }, { weight: 1, arbitrary: valueOf(op.body) })
    : valueOf(op.body);
  const json = value.map((v): RawBody => ({
    rawBody: v === undefined ? undefined : JSON.stringify(v),
    contentType: 'application/json',
  }));
  const odd = fc.constantFrom<RawBody>(
    { rawBody: '{"a":', contentType: 'application/json' },
    { rawBody: '{"designation":"\\u0000"}', contentType: 'application/json' },
    { rawBody: '{"lines":[{"label":"\\ud800"}]}', contentType: 'application/json' },
    { rawBody: 'designation=x', contentType: 'text/plain' },
    { rawBody: `${'['.repeat(50_000)}${']'.repeat(50_000)}`, contentType: 'application/json' },
    { rawBody: `{"lines":${'['.repeat(20_000)}"\\u0000"${']'.repeat(20_000)}}`, contentType: 'application/json' },
    { rawBody: undefined, contentType: undefined },
  );
  return op.body
    ? fc.oneof({ weight: 6, arbitrary: json }, { weight: 1, arbitrary: odd })
    : fc.oneof({ weight: 4, arbitrary: fc.constant<RawBody>({}) }, { weight: 1, arbitrary: odd });
}

/**
 * `examples`: valid bodies by 'METHOD /path' (from the demo data), mutated in one or two places;
 * those operations are drawn more often since most of their code lies behind validation.
 */
export function fuzzRequest(
  operations: Operation[],
  companyIds: number[],
  examples: Record<string, unknown[]> = {},
  knownIds: string[] = [],
): fc.Arbitrary<FuzzRequest> {
  const pathValue = pathValueOf(knownIds);
  const main = String(companyIds[0]);
  const company = fc.oneof(
    { weight: 12, arbitrary: fc.constant<string | undefined>(main) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<string | undefined>(
        ...companyIds.map(String),
        undefined,
        '0',
        '-1',
        '99999999999',
        'abc',
        '1.5',
      ),
    },
  );
  // Mostly no key (a reused key answers 422 before any work); sometimes a fresh one, sometimes a bad one.
  const idempotency = fc.oneof(
    { weight: 8, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constantFrom('court', 'k'.repeat(200), 'clé-accentuée') },
  );
  const withExamples = operations.filter((op) => examples[`${op.method} ${op.path}`]);
  const operation = withExamples.length
    ? fc.oneof(
        { weight: 1, arbitrary: fc.constantFrom(...operations) },
        { weight: 2, arbitrary: fc.constantFrom(...withExamples) },
      )
    : fc.constantFrom(...operations);
  return operation.chain((op) =>
    fc
      .record({
        path: fc.tuple(...[...op.path.matchAll(/\{[^}]+\}/g)].map(() => pathValue)).map((values) => {
          let i = 0;
          return op.path.replace(/\{[^}]+\}/g, () => values[i++]);
        }),
        query: queryOf(op),
        body: op.method === 'GET' ? fc.constant<RawBody>({}) : bodyOf(op, examples[`${op.method} ${op.path}`]),
        as: fc.constantFrom<FuzzRequest['as']>('demo', 'demo', 'demo', 'demo', 'demo', 'demo', 'admin', 'none'),
        company,
        idempotency,
      })
      .map(({ path, query, body, as, company: companyId, idempotency: key }) => {
        const headers: Record<string, string> = {};
        if (body.contentType) headers['content-type'] = body.contentType;
        if (companyId !== undefined) headers['x-company-id'] = companyId;
        if (key !== undefined) headers['idempotency-key'] = key;
        return {
          method: op.method,
          url: `${path}${query}`,
          as,
          headers,
          rawBody: body.rawBody,
          declared: op.responses,
        };
      }),
  );
}
