import fc from 'fast-check';
import { jsonTypes, validBody, type CallShape, type Schema } from './api-calls.js';
import { emptyArrayClearsReference, emptyIfMatchIgnored } from './known-gaps.js';
import type { RawRequest } from './raw-http.js';

/** A generated request and the mistake that must make the server refuse it. */
export interface BadRequest {
  defect: string;
  request: RawRequest;
}

/** What the generators fill in: real ids (so only the mistake stops a request) and cookies. */
export interface Fixture {
  /** A real record id for a path, by its collection (`/api/tickets`). */
  idFor(path: string): string;
  /** Cookie headers of the callers: anonymous (undefined) and each role. */
  cookies: (string | undefined)[];
}

const JSON_TYPE = { 'content-type': 'application/json' };
const word = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,11}$/);
const anyJson = fc.jsonValue({ maxDepth: 2 });

/** Values of another JSON type than every type the schema allows. */
function confused(schema: Schema): fc.Arbitrary<unknown> {
  const types = jsonTypes(schema);
  const choices: fc.Arbitrary<unknown>[] = [];
  if (!types.includes('string') || schema.enum)
    choices.push(fc.integer(), fc.constant('zz-not-listed'));
  if (!types.includes('string') && !schema.enum) choices.push(fc.string());
  if (!types.includes('boolean')) choices.push(fc.boolean());
  if (!types.includes('integer') && !types.includes('number'))
    choices.push(fc.double(), fc.integer());
  const minLength = emptyArrayClearsReference ? 1 : 0;
  if (!types.includes('array')) choices.push(fc.array(anyJson, { minLength, maxLength: 3 }));
  if (!types.includes('object')) choices.push(fc.dictionary(word, anyJson, { maxKeys: 3 }));
  return fc.oneof(...choices);
}

/** `value` wrapped in `depth` arrays or objects. */
function nest(value: unknown, depth: number, objects: boolean): unknown {
  let v = value;
  for (let i = 0; i < depth; i++) v = objects ? { n: v } : [v];
  return v;
}

type Part = { target?: string; headers?: Record<string, string>; body?: string | Buffer };
type Defect = [string, fc.Arbitrary<Part>];

function bodyDefects(call: CallShape): Defect[] {
  const schema = call.body;
  const base = schema ? validBody(schema) : {};
  const withField = (key: string, value: unknown) => JSON.stringify({ ...base, [key]: value });
  const props = Object.entries(schema?.properties ?? {});
  const defects: Defect[] = [
    [
      'media type',
      fc
        .record({
          type: fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/jsonx',
            'text/json',
            'application/json; charset=latin1',
            '',
          ),
        })
        .map(({ type }): Part => ({
          headers: type ? { 'content-type': type } : {},
          body: JSON.stringify(base),
        })),
    ],
    [
      'malformed JSON',
      fc
        .oneof(
          fc.constantFrom(
            '{',
            '{"a":',
            '[1,2',
            '{"a" 1}',
            "{'a':1}",
            '{"a":1,}',
            'nul',
            '01',
            '"\\x"',
            '{"a":1}}',
            '\u00ff\u00fe',
          ),
          fc.string({ minLength: 1 }).map((s) => `{${s}`),
        )
        .map((body) => ({ headers: JSON_TYPE, body })),
    ],
    [
      'prototype key',
      fc
        .record({
          key: fc.constantFrom('__proto__', 'constructor'),
          deep: fc.boolean(),
          v: anyJson,
        })
        .map(({ key, deep, v }) => {
          const poison =
            key === '__proto__'
              ? `{"__proto__":${JSON.stringify({ isAdmin: true, v })}}`
              : `{"constructor":{"prototype":${JSON.stringify({ v })}}}`;
          const text = deep ? JSON.stringify({ ...base, x: '@@' }).replace('"@@"', poison) : poison;
          return { headers: JSON_TYPE, body: text };
        }),
    ],
    [
      'deep nesting',
      fc
        .record({ depth: fc.integer({ min: 17, max: 200 }), objects: fc.boolean(), key: word })
        .map(({ depth, objects, key }) => ({
          headers: JSON_TYPE,
          body: withField(props[0]?.[0] ?? key, nest(1, depth, objects)),
        })),
    ],
    [
      'NUL character',
      fc.record({ s: fc.string(), inKey: fc.boolean() }).map(({ s, inKey }) => {
        const field = props.find(([, p]) => jsonTypes(p).includes('string'))?.[0] ?? 'text';
        return {
          headers: JSON_TYPE,
          body: inKey ? withField(`k\u0000${s}`, 1) : withField(field, `${s}\u0000${s}`),
        };
      }),
    ],
  ];
  defects.push([
    'not an object',
    fc
      .oneof(
        fc.array(anyJson, { maxLength: 3 }),
        fc.string(),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
      )
      .map((v) => ({ headers: JSON_TYPE, body: JSON.stringify(v) })),
  ]);
  defects.push([
    'unknown field',
    fc
      .record({ key: word, v: anyJson })
      .map(({ key, v }) => ({ headers: JSON_TYPE, body: withField(`zz${key}`, v) })),
  ]);
  if (props.length > 0) {
    const confusion = fc
      .constantFrom(...props)
      .chain(([name, p]) =>
        confused(p).map((v) => ({ headers: JSON_TYPE, body: withField(name, v) })),
      );
    defects.push(['type confusion', confusion]);
  }
  const bounded = props.filter(([, p]) => p.maxLength !== undefined);
  if (bounded.length > 0) {
    const huge = fc
      .record({
        field: fc.constantFrom(...bounded),
        extra: fc.integer({ min: 1, max: 200_000 }),
        c: fc.constantFrom('a', 'é', '😀', ' '),
      })
      .map(({ field: [name, p], extra, c }) => ({
        headers: JSON_TYPE,
        body: withField(name, c.repeat(p.maxLength! + extra)),
      }));
    defects.push(['huge string', huge]);
  }
  return defects;
}

function defectsOf(call: CallShape, path: string): Defect[] {
  const defects: Defect[] = [];
  defects.push([
    'unknown parameter',
    fc
      .record({ k: word, v: fc.string() })
      .map(({ k, v }) => ({ target: `${path}?zz${k}=${encodeURIComponent(v)}` })),
  ]);
  if (call.takesId) {
    const badId = fc.oneof(
      fc.string({ minLength: 1, maxLength: 80 }).map((s) => encodeURIComponent(s)),
      fc.uuid().map((u) => u),
      fc.constantFrom(
        '..',
        '%2e%2e',
        '%00',
        '0',
        '-1',
        'null',
        'undefined',
        '%2F',
        'a'.repeat(5000),
        '1e309',
        '%5Bobject%20Object%5D',
      ),
    );
    defects.push(['bad id', badId.map((id) => ({ target: call.path.replace('{id}', id) }))]);
  }
  if (call.method === 'GET' || call.method === 'DELETE')
    defects.push([
      'body on ' + call.method,
      anyJson.map((v) => ({ headers: JSON_TYPE, body: JSON.stringify(v) })),
    ]);
  if (call.method === 'PATCH' || call.method === 'DELETE') {
    const tags = fc.constantFrom(
      ...['abc', '"abc"', '"1", "2"', 'W/abc', '"1"x', '""', '"-1"', '"1.5"'],
      ...(emptyIfMatchIgnored ? [] : [' ']),
    );
    defects.push(['bad If-Match', tags.map((tag) => ({ headers: { 'if-match': tag } }))]);
  }
  if (call.method === 'POST' || call.method === 'PATCH' || call.method === 'PUT')
    defects.push(...bodyDefects(call));
  return defects;
}

/**
 * Generated bad requests for one call: one mistake each, sent by any kind of caller; undefined
 * when no mistake applies to the call.
 */
export function badRequests(
  call: CallShape,
  fixture: Fixture,
): fc.Arbitrary<BadRequest> | undefined {
  const path = call.path.replace('{id}', () => fixture.idFor(call.path.split('/{id}')[0]!));
  const defects = defectsOf(call, path);
  // A call that takes nothing a mistake could be made in (none today) is left out, and named.
  if (defects.length === 0) return undefined;
  const valid = call.body ? JSON.stringify(validBody(call.body)) : undefined;
  return fc
    .record({ pick: fc.constantFrom(...defects), cookie: fc.constantFrom(...fixture.cookies) })
    .chain(({ pick: [defect, part], cookie }) =>
      part.map((p): BadRequest => {
        const headers = {
          ...(valid !== undefined && p.body === undefined ? JSON_TYPE : {}),
          ...p.headers,
          ...(cookie ? { cookie } : {}),
        };
        const body = p.body ?? valid;
        return {
          defect,
          request: {
            method: call.method,
            target: p.target ?? path,
            headers,
            ...(body === undefined ? {} : { body }),
          },
        };
      }),
    );
}
