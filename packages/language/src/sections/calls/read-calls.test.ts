import { describe, expect, it } from 'vitest';
import { at, expectClean, expectDiagnostic, parse, spec } from '../../test-support.js';

const ENTITY =
  '### Ticket\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|\n| title | text | yes | | |\n| body | text | yes | | |\n| priority | one of low, high | no | low | |\n| assignee | → User | no | | |\n| status | state | | | |';
const LIFE =
  '### Ticket\n\n- States: open, assigned\n- Initial: open\n\n| From | Action | To | Who | When | Sets |\n|---|---|---|---|---|---|\n| open | assign | assigned | | `input.assignee != null && input.note != ""` | assignee = `input.assignee` |';
const HEAD = '| Method | Path | Operation | Payload | Response |\n|---|---|---|---|---|';
const calls = (rows: string): string => spec({ 3: ENTITY, 4: LIFE, 7: `${HEAD}\n${rows}` });

describe('readCalls', () => {
  it('reads calls with their operations and shapes', () => {
    const md = calls(
      [
        '| GET | /api/tickets | list Ticket | | `{ tickets: Ticket[], count }` |',
        '| POST | /api/tickets | create Ticket | `{ ticket: { title, body, priority? } }` | `{ ticket: Ticket }` |',
        '| POST | /api/tickets/:id/assign | transition Ticket.assign | `{ assignee, note }` | Ticket |',
        '| post | /api/session | sign-in | `{ email, password }` | User |',
        '| DELETE | /api/session | sign-out | | |',
        '| GET | /api/me | me | | User |',
      ].join('\n'),
    );
    const model = expectClean(md);
    expect(model.calls[0]).toEqual({
      method: 'GET',
      path: '/api/tickets',
      line: at(md, '| GET | /api/tickets |').line,
      operation: { kind: 'list', entity: 'Ticket' },
      response: {
        kind: 'object',
        properties: [
          {
            name: 'tickets',
            optional: false,
            shape: { kind: 'entity', entity: 'Ticket', list: true },
          },
          { name: 'count', optional: false, shape: { kind: 'count' } },
        ],
      },
      responseSource: '{ tickets: Ticket[], count }',
    });
    expect(model.calls[1]!.payload).toEqual({
      kind: 'object',
      properties: [
        {
          name: 'ticket',
          optional: false,
          shape: {
            kind: 'object',
            properties: [
              { name: 'title', optional: false, shape: { kind: 'field' } },
              { name: 'body', optional: false, shape: { kind: 'field' } },
              { name: 'priority', optional: true, shape: { kind: 'field' } },
            ],
          },
        },
      ],
    });
    expect(model.calls[2]).toMatchObject({
      operation: { kind: 'transition', entity: 'Ticket', action: 'assign' },
      response: { kind: 'entity', entity: 'Ticket', list: false },
      responseSource: 'Ticket',
    });
    expect(model.calls.slice(3).map((c) => [c.method, c.operation.kind])).toEqual([
      ['POST', 'sign-in'],
      ['DELETE', 'sign-out'],
      ['GET', 'me'],
    ]);
  });

  it('errors on unknown entities, actions and fields with hints', () => {
    const md = calls(
      '| GET | /api/a | list Tiket | | |\n| POST | /api/b | transition Ticket.asign | | |\n| POST | /api/c | create Ticket | `{ titel }` | `{ ticket: Tickt }` |',
    );
    expect(expectDiagnostic(md, 'unknown-entity', at(md, 'Tiket')).hint).toContain('Ticket');
    expect(expectDiagnostic(md, 'unknown-action', at(md, 'asign')).hint).toContain('assign');
    expect(expectDiagnostic(md, 'unknown-field', at(md, 'titel')).hint).toContain('title');
    expectDiagnostic(md, 'unknown-entity', at(md, 'Tickt'));
  });

  it('lets a create of User carry the new account’s password, and no other call of User', () => {
    const md = calls(
      [
        '| POST | /api/users | create User | `{ email, password, name }` | User |',
        '| PATCH | /api/users/:id | update User | `{ name?, password? }` | User |',
      ].join('\n'),
    );
    const refused = parse(md).diagnostics.filter((d) => d.code === 'unknown-field');
    expect(refused.map((d) => d.line)).toEqual([at(md, '| PATCH | /api/users/:id').line]);
  });

  it('errors on bad methods, paths, operations and shapes', () => {
    const md = calls(
      '| FETCH | /api/a | me | | |\n| GET | api/b | me | | |\n| GET | /api/c | fetch Ticket | | |\n| GET | /api/d | list Ticket | | `{ tickets: [] }` |',
    );
    expectDiagnostic(md, 'bad-method', at(md, 'FETCH'));
    expectDiagnostic(md, 'bad-route', at(md, 'api/b'));
    expectDiagnostic(md, 'unknown-operation', at(md, 'fetch Ticket'));
    expectDiagnostic(md, 'bad-shape', at(md, '[] }'));
  });

  it('errors on a duplicate method and path pattern', () => {
    const md = calls(
      '| GET | /api/tickets/:id | get Ticket | | |\n| GET | /api/tickets/:key | get Ticket | | |',
    );
    expectDiagnostic(md, 'duplicate-call', at(md, '/api/tickets/:key'));
  });
});
