import { prepareModel } from '../../src/index.js';
import { ENGINE_ERRORS, Catalogue } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/openapi/openapi-document.js';
import type {
  OpenApiDocument,
  OperationObject,
  ResponseObject,
} from '../../src/openapi/openapi-types.js';
import { EXAMPLE_DOCUMENTS, type ExampleDocument } from './support/example-documents.js';
import { parsed, specText } from '../support/parsed-model.js';

type Found = { method: string; path: string; operation: OperationObject };

function operations(document: OpenApiDocument): Found[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method, path, operation })),
  );
}

const byId = (document: OpenApiDocument, id: string) =>
  operations(document).find((o) => o.operation.operationId === id)!;

/** A response as written, following a `$ref` into components. */
function response(document: OpenApiDocument, found: Found, status: string): ResponseObject {
  const value = found.operation.responses[status] as ResponseObject | { $ref: string } | undefined;
  if (!value) throw new Error(`${found.operation.operationId} has no ${status}`);
  if (!('$ref' in value)) return value;
  return document.components.responses![value.$ref.split('/').pop()!]!;
}

/** The problem examples an operation documents for a status, by code. */
function problems(document: OpenApiDocument, found: Found, status: string) {
  const content = response(document, found, status).content?.['application/problem+json'];
  return (content?.examples ?? {}) as Record<string, { value: Record<string, unknown> }>;
}

const toOpenApi = (path: string) => path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
const example = (name: string) => EXAMPLE_DOCUMENTS.find((e) => e.name === name)!;
const schema = (e: ExampleDocument, name: string) =>
  e.document.components.schemas![name] as Record<string, unknown>;

describe.each(EXAMPLE_DOCUMENTS)('the OpenAPI document of $name', (e) => {
  const all = operations(e.document);

  it('has every served call at its method and path, plus _health, _model, _session, _accounts and files, and nothing else', () => {
    const served = e.calls.map((c) => `${c.method.toLowerCase()} ${toOpenApi(c.path)}`);
    const documented = all.map((o) => `${o.method} ${o.path}`);
    const engine = ['get /api/_health', 'get /api/_model', 'get /api/_session'];
    engine.push(
      'get /api/_accounts',
      'post /api/_accounts/{id}/deactivate',
      'post /api/_accounts/{id}/reactivate',
    );
    if (e.model.entities.some((x) => x.fields.some((f) => f.type.kind === 'file')))
      engine.push('get /api/_files/{entity}/{id}/{field}');
    if (e.model.entities.some((x) => x.fields.some((f) => f.type.kind === 'files')))
      engine.push('get /api/_files/{entity}/{id}/{field}/{file}');
    expect(documented.sort()).toEqual([...served, ...engine].sort());
  });

  it('gives every operation a unique id, a summary and a declared tag', () => {
    const ids = all.map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = e.document.tags.map((t) => t.name);
    for (const { operation } of all) {
      expect(operation.summary).not.toBe('');
      expect(tags).toContain(operation.tags[0]);
    }
  });

  it('is the same document each time it is built', () => {
    expect(JSON.stringify(openApiDocument(prepareModel(e.model)))).toBe(JSON.stringify(e.document));
  });

  it('defines the Problem of RFC 9457 with every code of the catalogue', () => {
    const problem = schema(e, 'Problem');
    expect(problem.required).toEqual(['type', 'title', 'status', 'code', 'detail']);
    const codes = [...Object.keys(ENGINE_ERRORS), ...e.model.catalogue.map((c) => c.code)];
    const properties = problem.properties as Record<string, Record<string, unknown>>;
    expect(new Set(properties.code!.enum as string[])).toEqual(new Set(codes));
    expect(properties.errors!.items).toEqual({ $ref: '#/components/schemas/ProblemItem' });
  });

  it("answers every error as a problem of the catalogue, with the catalogue's status and message", () => {
    const catalogue = new Catalogue(e.model);
    for (const found of all) {
      const statuses = Object.keys(found.operation.responses).filter((s) => Number(s) >= 400);
      if (!['/api/_health', '/api/_model'].includes(found.path))
        expect(
          statuses.some((s) => s.startsWith('4')),
          found.operation.operationId,
        ).toBe(true);
      for (const status of statuses) {
        const examples = Object.values(problems(e.document, found, status));
        expect(examples.length).toBeGreaterThan(0);
        for (const { value } of examples) {
          const resolved = catalogue.resolve(value.code as string);
          expect(value.detail).toBe(resolved.message);
          expect(value.status).toBe(Number(status));
          // A stale If-Match is the one code answered with another status than its own.
          if (status !== '412') expect(value.status).toBe(resolved.status);
          else expect(value.code).toBe('CONFLICT');
        }
      }
    }
  });

  it('documents each rule of section 5 on the creates, updates and deletes it runs on', () => {
    for (const rule of e.model.rules) {
      for (const on of rule.on) {
        const call = e.calls.find(
          (c) =>
            c.operation.kind === on &&
            'entity' in c.operation &&
            c.operation.entity === rule.entity,
        );
        if (!call) continue;
        const found = all.find(
          (o) => o.path === toOpenApi(call.path) && o.method === call.method.toLowerCase(),
        )!;
        const status = String(new Catalogue(e.model).resolve(rule.error).status);
        expect(Object.keys(problems(e.document, found, status))).toContain(rule.error);
      }
    }
  });

  it('documents the Error of each guarded transition on its call', () => {
    for (const lifecycle of e.model.lifecycles) {
      for (const row of lifecycle.transitions.filter((t) => t.when)) {
        const call = e.calls.find(
          (c) =>
            c.operation.kind === 'transition' &&
            c.operation.entity === lifecycle.entity &&
            c.operation.action === row.action,
        );
        if (!call) continue;
        const found = all.find((o) => o.path === toOpenApi(call.path) && o.method === 'post')!;
        const code = row.error ?? 'TRANSITION_NOT_ALLOWED';
        const status = String(new Catalogue(e.model).resolve(code).status);
        expect(Object.keys(problems(e.document, found, status))).toContain(code);
      }
    }
  });

  it('signs in with the specrun_session cookie (and a token when section 7 declares one)', () => {
    const schemes = e.document.components.securitySchemes;
    expect(schemes?.sessionCookie).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'specrun_session' }),
    );
    const expected = e.model.access?.tokens ? ['sessionCookie', 'sessionToken'] : ['sessionCookie'];
    expect(Object.keys(schemes ?? {})).toEqual(expected);
  });
});

describe('record schemas and bodies', () => {
  const helpdesk = example('helpdesk');

  it('lets a create send the settable fields only, requiring those without a default', () => {
    const create = schema(helpdesk, 'Ticket.Create');
    expect(create.additionalProperties).toBe(false);
    expect(Object.keys(create.properties as object)).toEqual([
      'title',
      'body',
      'priority',
      'product',
      'internalNote',
    ]);
    expect(create.required).toEqual(['title', 'body']);
    const update = schema(helpdesk, 'Ticket.Update');
    expect(update.additionalProperties).toBe(false);
    expect(update.required).toBeUndefined();
  });

  it('answers records with built-in fields, states, money as strings, and references as ids', () => {
    const ticket = schema(helpdesk, 'Ticket').properties as Record<string, Record<string, unknown>>;
    expect(Object.keys(ticket)).toEqual(
      expect.arrayContaining([
        'id',
        'createdAt',
        'updatedAt',
        'createdBy',
        'version',
        'status',
        'actions',
      ]),
    );
    expect(ticket.status).toMatchObject({
      type: 'string',
      enum: ['open', 'escalated', 'assigned', 'resolved', 'closed'],
      readOnly: true,
    });
    expect(ticket.assignee).toMatchObject({ type: ['string', 'null'], readOnly: true });
    expect(ticket.createdAt).toMatchObject({ type: 'string', format: 'date-time' });
    const claim = schema(example('expenses'), 'Claim').properties as Record<
      string,
      Record<string, unknown>
    >;
    expect(claim.amount).toMatchObject({ type: 'string', pattern: '^-?\\d+\\.\\d{2}$' });
    expect(claim.spentOn).toMatchObject({ type: 'string', format: 'date' });
  });

  it('takes the parameters of a list, one equality filter per field', () => {
    const list = byId(helpdesk.document, 'listTickets').operation;
    const names = (list.parameters ?? []).map((p) =>
      '$ref' in p ? p.$ref.split('/').pop() : p.name,
    );
    expect(names).toEqual(
      expect.arrayContaining([
        'filter',
        'sort',
        'limit',
        'cursor',
        'include',
        'title',
        'priority',
        'status',
      ]),
    );
    expect(helpdesk.document.components.parameters!.limit!.schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 25,
    });
  });

  it('lets include name one reference of a referenced record, and no deeper', () => {
    const list = byId(helpdesk.document, 'listComments').operation;
    const include = (list.parameters ?? []).find((p) => !('$ref' in p) && p.name === 'include');
    const pattern = new RegExp(
      (include as { schema: { pattern: string } } | undefined)?.schema.pattern ?? '^$',
    );
    expect(pattern.test('ticket')).toBe(true);
    expect(pattern.test('ticket,ticket.product')).toBe(true);
    expect(pattern.test('ticket.product.name')).toBe(false);
    expect(pattern.test('ticket.title')).toBe(false);
  });

  it('documents a list’s search, over the text fields, and its total', () => {
    const list = byId(helpdesk.document, 'listTickets').operation;
    const named = (name: string) =>
      (list.parameters ?? []).find((p) => !('$ref' in p) && p.name === name) as
        { description: string; schema: Record<string, unknown> } | undefined;
    expect(named('q')?.schema).toEqual({ type: 'string', maxLength: 200 });
    expect(named('q')?.description).toContain('(`title`, `body`, `internalNote`)');
    expect(named('total')?.schema).toEqual({ type: 'boolean', default: false });
    const page = helpdesk.document.components.schemas!['Ticket.Page'] as {
      properties: Record<string, unknown>;
    };
    expect(page.properties.total).toMatchObject({ type: 'integer', minimum: 0 });
  });

  it('documents a list’s CSV export: format, columns, text/csv and EXPORT_TOO_LARGE', () => {
    const found = byId(helpdesk.document, 'listTickets');
    const named = (name: string) =>
      (found.operation.parameters ?? []).find((p) => !('$ref' in p) && p.name === name) as
        { description: string; schema: Record<string, unknown> } | undefined;
    expect(named('format')?.schema).toEqual({ type: 'string', enum: ['csv'] });
    expect(named('format')?.description).toContain('at most 10000 records (`MAX_EXPORT_ROWS`');
    expect(named('columns')?.schema.pattern).toMatch(/^\^\(id\|/);
    expect(Object.keys(response(helpdesk.document, found, '200').content ?? {})).toEqual([
      'application/json',
      'text/csv',
    ]);
    expect(Object.keys(problems(helpdesk.document, found, '400'))).toContain('EXPORT_TOO_LARGE');
    // A declared call with its own parameters has none of it.
    const conduit = example('conduit').document;
    const declared = operations(conduit).find(
      (o) => o.method === 'get' && o.path === '/api/articles',
    )!;
    const names = (declared.operation.parameters ?? []).map((p) => ('$ref' in p ? '' : p.name));
    expect(names).toContain('limit');
    expect(names).not.toContain('format');
    expect(Object.keys(response(conduit, declared, '200').content ?? {})).toEqual([
      'application/json',
    ]);
  });

  it('asks updates for If-Match and answers a stale one with 412', () => {
    const update = byId(helpdesk.document, 'updateTicket');
    expect(update.operation.parameters).toContainEqual({
      $ref: '#/components/parameters/If-Match',
    });
    expect(Object.keys(problems(helpdesk.document, update, '412'))).toEqual(['CONFLICT']);
    expect(response(helpdesk.document, update, '200').headers).toHaveProperty('ETag');
    expect(
      response(helpdesk.document, byId(helpdesk.document, 'createTicket'), '201').headers,
    ).toHaveProperty('Location');
    expect(
      response(helpdesk.document, byId(helpdesk.document, 'deleteTicket'), '204').content,
    ).toBeUndefined();
  });

  it('lets anybody read what section 6 lets `anyone` read, and asks a session for the rest', () => {
    const library = example('library').document;
    expect(byId(library, 'listBooks').operation.security).toEqual([{ sessionCookie: [] }, {}]);
    expect(byId(library, 'listLoans').operation.security).toEqual([{ sessionCookie: [] }]);
    expect(byId(library, 'signIn').operation.security).toEqual([]);
    expect(byId(helpdesk.document, 'listProducts').operation.security).toEqual([
      { sessionCookie: [] },
    ]);
  });
});

describe('declared calls (library: section 7)', () => {
  const library = example('library');

  it('takes the payload in its declared envelope, refusing other keys', () => {
    const body = byId(library.document, 'createBook').operation.requestBody!.content[
      'application/json'
    ]!.schema;
    expect(body).toMatchObject({ type: 'object', required: ['book'], additionalProperties: false });
    const book = (body.properties as Record<string, Record<string, unknown>>).book!;
    expect(book.required).toEqual(['title', 'author', 'isbn', 'replacementCost']);
    expect(Object.keys(book.properties as object)).toContain('website');
  });

  it('answers a list in its declared envelope, with count and the next cursor', () => {
    const list = byId(library.document, 'listBooks');
    const answer = response(library.document, list, '200').content!['application/json']!.schema;
    expect(answer).toMatchObject({
      type: 'object',
      required: ['books', 'count'],
      properties: {
        books: { type: 'array', items: { $ref: '#/components/schemas/Book.Read' } },
        count: { type: 'integer', minimum: 0 },
        nextCursor: { type: 'string' },
      },
    });
  });

  it('answers 204 where the declared Response is empty', () => {
    expect(Object.keys(byId(library.document, 'signOut').operation.responses)).toContain('204');
    expect(Object.keys(byId(library.document, 'deleteBook').operation.responses)).toContain('204');
  });

  it('overrides engine messages with the catalogue of section 8', () => {
    const get = byId(library.document, 'getBook');
    expect(problems(library.document, get, '404').NOT_FOUND!.value.detail).toBe(
      'We could not find that in the library.',
    );
  });
});

describe('constants named in descriptions', () => {
  const model = parsed(
    specText('Repairs', {
      1: 'Bike repairs. Call {EMERGENCY_PHONE} at any hour.',
      3: `
### Visit

A repair booked ahead: cancel at least {NOTICE} before it.

| Field | Type  | Required | Default | Rules                             |
| ----- | ----- | -------- | ------- | --------------------------------- |
| at    | date  | yes      |         |                                   |
| fee   | money | no       |         | see the price list from {MIN_FEE} |
`,
      9: `
| Name            | Value        | Meaning                     |
| --------------- | ------------ | --------------------------- |
| EMERGENCY_PHONE | 0800 123 456 | The number to call          |
| NOTICE          | 24h          | How early a visit is called off |
| MIN_FEE         | 25.00 EUR    | The least a repair costs    |
`,
    }),
  );
  const document = openApiDocument(prepareModel(model));

  it("shows each constant's value in the API's, an entity's and a field's description", () => {
    expect(document.info.description).toMatch(/^Bike repairs\. Call 0800 123 456 at any hour\./);
    const visit = document.components.schemas!.Visit as Record<string, unknown>;
    expect(visit.description).toContain('cancel at least 24h before it.');
    const fee = (visit.properties as Record<string, { description?: string }>).fee!;
    expect(fee.description).toContain('see the price list from 25.00 EUR');
    expect(document.tags.find((t) => t.name === 'Visit')?.description).toContain('24h');
    expect(JSON.stringify(document)).not.toMatch(/\{(EMERGENCY_PHONE|NOTICE|MIN_FEE)\}/);
  });
});
