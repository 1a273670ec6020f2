import { validBody, type CallShape } from './api-calls.js';
import type { Fixture } from './bad-requests.js';
import type { RawRequest } from './raw-http.js';

/** One fixed hostile request; `expectClientError` when it must be a catalogued 4xx. */
export interface Hostile {
  name: string;
  request: RawRequest;
  expectClientError: boolean;
}

const JSON_TYPE = 'application/json';

// Paths a client can write that the server must not misread: dot segments, doubled slashes,
// encoded separators and NULs, odd case, matrix parameters, bad percent-encoding, huge paths.
// Outside /api the web app may answer (200, its page): only a 5xx or a leak is wrong there.
function pathTricks(id: string): [string, boolean][] {
  return [
    ['/api/../api/tickets', true],
    ['/api/./tickets', true],
    ['/api/tickets/.', true],
    ['/api/tickets/..', true],
    [`/api/tickets/${id}/../../products`, true],
    [`/api/tickets%2F${id}`, true],
    [`/api/tickets/${id}%00`, true],
    [`/api/tickets/${id}%2f..%2f..`, true],
    ['/api/tickets/%ZZ', true],
    ['/api/tickets/%', true],
    ['/api/%74ickets/%2e%2e', true],
    ['/api/tickets;jsessionid=1', true],
    ['/API/TICKETS', false],
    ['//api/tickets', false],
    ['/api//tickets', true],
    ['/api/tickets/\u00e9', true],
    [`/api/tickets/${'a'.repeat(20_000)}`, true],
    ['/api/tickets?limit=1&limit=2', true],
    ['/api/tickets?include=__proto__', true],
    ['/api/tickets?sort=__proto__', true],
    ['/api/tickets?filter=' + encodeURIComponent('record.__proto__ == 1'), true],
    ['/api/tickets?constructor=1', true],
    ['/api/tickets?__proto__[x]=1', true],
    ['/api/tickets?limit[]=1', true],
    ['/api/tickets?limit=1e309', true],
    ['/api/tickets?cursor=' + 'A'.repeat(5000), true],
    ['/api/_model/../tickets', true],
    ['/api/nothing-here', true],
    ['/../../etc/passwd', false],
    ['/%2e%2e/%2e%2e/etc/passwd', false],
  ];
}

const WRONG_VALUES: [string, string][] = [
  ['a number', '12'],
  ['a huge number', '1e309'],
  ['an unsafe integer', '9007199254740993'],
  ['a negative zero', '-0'],
  ['true', 'true'],
  ['an array', '["x"]'],
  ['an object', '{"x":1}'],
  ['an array of objects', '[{"__proto__":1}]'],
];

function bodyCases(shape: CallShape): [string, Partial<RawRequest>][] {
  const base = shape.body ? validBody(shape.body) : {};
  const text = JSON.stringify(base);
  const cases: [string, Partial<RawRequest>][] = [
    ['charset utf-16', { headers: { 'content-type': `${JSON_TYPE}; charset=utf-16` }, body: text }],
    ['two content types', { headers: { 'content-type': `${JSON_TYPE}, text/plain` }, body: text }],
    [
      'invalid UTF-8',
      {
        headers: { 'content-type': JSON_TYPE },
        body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      },
    ],
    ['lone surrogate', { headers: { 'content-type': JSON_TYPE }, body: '{"a":"\\ud800"}' }],
    [
      'over MAX_REQUEST_BYTES',
      { headers: { 'content-type': JSON_TYPE }, body: `{"a":"${'x'.repeat(1_100_000)}"}` },
    ],
    [
      'a 10 MB body',
      { headers: { 'content-type': JSON_TYPE }, body: Buffer.alloc(10_000_000, 0x20) },
    ],
    [
      'prototype pollution',
      {
        headers: { 'content-type': JSON_TYPE },
        body: '{"__proto__":{"roles":["admin"]},"constructor":{"prototype":{"isAdmin":true}}}',
      },
    ],
  ];
  for (const name of Object.keys(shape.body?.properties ?? {})) {
    for (const [what, value] of WRONG_VALUES) {
      const types = ([] as string[]).concat(shape.body!.properties![name]!.type ?? []);
      // Numbers and arrays are right for some fields: only a mistake for the others.
      if (/^[-\d]/.test(value) && (types.includes('integer') || types.includes('number'))) continue;
      if (value.startsWith('[') && types.includes('array')) continue;
      if (value === 'true' && types.includes('boolean')) continue;
      const body =
        text === '{}' ? `{"${name}":${value}}` : text.replace(/}$/, `,"${name}":${value}}`);
      cases.push([`${name} as ${what}`, { headers: { 'content-type': JSON_TYPE }, body }]);
    }
  }
  return cases;
}

/** The fixed hostile set: path tricks once, and body cases for every call that takes a body. */
export function hostileRequests(calls: CallShape[], fixture: Fixture): Hostile[] {
  const admin = fixture.cookies.at(-1)!;
  const requests: Hostile[] = pathTricks(fixture.idFor('/api/tickets')).map(([target, api]) => ({
    name: `GET ${target.slice(0, 80)}`,
    request: { method: 'GET', target, headers: { cookie: admin } },
    expectClientError: api,
  }));
  for (const shape of calls) {
    if (!['POST', 'PATCH', 'PUT'].includes(shape.method)) continue;
    const target = shape.path.replace('{id}', fixture.idFor(shape.path.split('/{id}')[0]!));
    for (const [name, part] of bodyCases(shape)) {
      // The size limit is checked before routing: one call is enough for the largest body.
      if (name === 'a 10 MB body' && shape.path !== '/api/products') continue;
      requests.push({
        name: `${shape.method} ${shape.path}: ${name}`,
        request: {
          method: shape.method,
          target,
          headers: { cookie: admin, ...part.headers },
          ...(part.body === undefined ? {} : { body: part.body }),
        },
        expectClientError: true,
      });
    }
  }
  return requests;
}
