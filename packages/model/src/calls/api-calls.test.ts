import { describe, expect, it } from 'vitest';
import { appModel, entity, sections, transition } from '../test-support/model-parts.js';
import type { Call } from './call.js';
import { apiCalls, findCall, isDeclared, pathOf } from './api-calls.js';

const ticket = entity('Ticket', 'tickets');
const lifecycle = {
  entity: 'Ticket',
  field: 'status',
  states: ['open', 'assigned'],
  initial: 'open',
  transitions: [
    transition('assign', ['open'], 'assigned'),
    transition('assign', ['assigned'], 'assigned'),
  ],
  description: '',
  line: 1,
};
const helpdesk = appModel({ entities: [entity('User', 'users'), ticket], lifecycles: [lifecycle] });

const row = (line: number, method: Call['method'], path: string, operation: Call['operation']) =>
  ({ method, path, operation, line }) satisfies Call;
const library = appModel({
  sections: sections('calls'),
  entities: [entity('User', 'members'), entity('Book', 'books')],
  calls: [
    row(1, 'GET', '/api/session', { kind: 'me' }),
    row(2, 'DELETE', '/api/session', { kind: 'sign-out' }),
    {
      ...row(3, 'PUT', '/api/members/:id', { kind: 'update', entity: 'User' }),
      response: { kind: 'entity', entity: 'User', list: false },
    },
    row(4, 'POST', '/api/books', { kind: 'create', entity: 'Book' }),
  ],
});

describe('the call table', () => {
  it('serves the default REST API of every entity when section 7 is unspecified', () => {
    const calls = apiCalls(helpdesk);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/users',
      'POST /api/users',
      'GET /api/users/:id',
      'PATCH /api/users/:id',
      'DELETE /api/users/:id',
      'GET /api/users/:id/history',
      'GET /api/tickets',
      'POST /api/tickets',
      'GET /api/tickets/:id',
      'PATCH /api/tickets/:id',
      'DELETE /api/tickets/:id',
      'GET /api/tickets/:id/history',
      // One call per action, however many rows it has.
      'POST /api/tickets/:id/assign',
      'POST /api/sign-up',
      'POST /api/sign-in',
      'POST /api/sign-out',
      'GET /api/me',
      'POST /api/me/password',
    ]);
    expect(calls.some(isDeclared)).toBe(false);
  });

  it('finds the default call of an operation, and none for an action the lifecycle lacks', () => {
    const calls = apiCalls(helpdesk);
    expect(findCall(calls, 'update', 'Ticket')).toEqual({
      method: 'PATCH',
      path: '/api/tickets/:id',
      operation: { kind: 'update', entity: 'Ticket' },
    });
    expect(findCall(calls, 'transition', 'Ticket', 'assign')?.path).toBe('/api/tickets/:id/assign');
    expect(findCall(calls, 'transition', 'Ticket', 'fly')).toBeUndefined();
    expect(findCall(calls, 'list', 'Invoice')).toBeUndefined();
    expect(findCall(calls, 'me')?.path).toBe('/api/me');
  });

  it('serves exactly the declared calls when section 7 is specified, and the histories', () => {
    const calls = apiCalls(library);
    const declared = calls.filter(isDeclared);
    expect(declared).toHaveLength(4);
    expect(calls.filter((c) => !isDeclared(c)).map((c) => c.path)).toEqual(
      library.entities.map((e) => `/api/_history/${e.plural}/:id`),
    );
    expect(findCall(calls, 'update', 'User')).toMatchObject({
      method: 'PUT',
      path: '/api/members/:id',
      response: { kind: 'entity', entity: 'User', list: false },
      line: 3,
    });
    expect(findCall(calls, 'me')).toMatchObject({ method: 'GET', path: '/api/session' });
    expect(findCall(calls, 'sign-out')).toMatchObject({ method: 'DELETE', path: '/api/session' });
    // Not declared: nobody invents them; a record's history is the engine's, under its `_` routes.
    expect(findCall(calls, 'history', 'Book')).toMatchObject({
      method: 'GET',
      path: '/api/_history/books/:id',
    });
    expect(findCall(calls, 'change-password')).toBeUndefined();
    expect(findCall(calls, 'delete', 'Book')).toBeUndefined();
  });

  it('addresses a history as the declared get call addresses the record', () => {
    const catalogue = appModel({
      sections: sections('calls'),
      entities: [entity('User', 'users'), entity('Talk', 'talks'), entity('Job', 'jobs')],
      calls: [
        row(1, 'GET', '/api/talks/:code', { kind: 'get', entity: 'Talk' }),
        row(2, 'GET', '/v1/jobs/:slug', { kind: 'get', entity: 'Job' }),
      ],
    });
    const calls = apiCalls(catalogue);
    expect(findCall(calls, 'history', 'Talk')?.path).toBe('/api/_history/talks/:code');
    expect(findCall(calls, 'history', 'Job')?.path).toBe('/api/_history/v1/jobs/:slug');
    expect(pathOf(findCall(calls, 'history', 'Talk')!, { code: 'CFP-1' })).toBe(
      '/api/_history/talks/CFP-1',
    );
  });

  it('puts the id in a path, encoded', () => {
    const get = findCall(apiCalls(helpdesk), 'get', 'Ticket')!;
    expect(pathOf(get, 'a/b c')).toBe('/api/tickets/a%2Fb%20c');
    expect(pathOf(get)).toBe('/api/tickets/:id');
  });

  it('fills every parameter of a path from a record, encoded; one without a value stays', () => {
    const call = {
      method: 'DELETE',
      path: '/api/articles/:slug/comments/:number',
      operation: { kind: 'delete', entity: 'Comment' },
    } as const;
    expect(pathOf(call, { slug: 'a b/c', number: 7, id: 'x' })).toBe(
      '/api/articles/a%20b%2Fc/comments/7',
    );
    expect(pathOf(call, { number: 7 })).toBe('/api/articles/:slug/comments/7');
    expect(pathOf({ ...call, path: '/api/comments/:id/:idea' }, 'k')).toBe('/api/comments/k/:idea');
  });
});
