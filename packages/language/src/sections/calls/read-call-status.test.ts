import { describe, expect, it } from 'vitest';
import { at, expectClean, expectDiagnostic, spec } from '../../test-support.js';

const ENTITY =
  '### Ticket\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|\n| title | text | yes | | |\n| watchers | list of User | no | | |';
const HEAD =
  '| Method | Path | Operation | Payload | Response | Status |\n|---|---|---|---|---|---|';
const calls = (rows: string[]): string => spec({ 3: ENTITY, 7: `${HEAD}\n${rows.join('\n')}` });

describe('readCallStatus', () => {
  it('reads the declared success statuses', () => {
    const md = calls([
      '| POST | /api/tickets | create Ticket | `{ title }` | `{ ticket: Ticket }` | 201 |',
      '| DELETE | /api/tickets/:id | delete Ticket | | | 200 |',
      '| PUT | /api/tickets/:id | update Ticket | `{ title }` | | 204 |',
      '| POST | /api/tickets/:id/watch | add me to Ticket.watchers | | Ticket | 201 |',
      '| GET | /api/tickets/:id | get Ticket | | Ticket | |',
    ]);
    const model = expectClean(md);
    expect(model.calls.map((c) => c.status)).toEqual([201, 200, 204, 201, undefined]);
  });

  it('refuses a status that is not a success status', () => {
    const md = calls(['| GET | /api/tickets/:id | get Ticket | | Ticket | 404 |']);
    expectDiagnostic(md, 'bad-success-status', at(md, '404 |'));
  });

  it('refuses a success status the operation cannot answer', () => {
    for (const [row, needle] of [
      ['| POST | /api/tickets | create Ticket | `{ title }` | Ticket | 205 |', '205'],
      ['| GET | /api/tickets/:id | get Ticket | | Ticket | 204 |', '204'],
      ['| PUT | /api/tickets/:id | update Ticket | `{ title }` | Ticket | 201 |', '201'],
      ['| DELETE | /api/session | sign-out | | | 200 |', '200 |'],
    ] as const) {
      const md = calls([row]);
      expectDiagnostic(md, 'bad-success-status', at(md, needle));
    }
  });

  it('refuses a 204 beside a Response shape', () => {
    const md = calls(['| DELETE | /api/tickets/:id | delete Ticket | | Ticket | 204 |']);
    expectDiagnostic(md, 'bad-success-status', at(md, '204'));
  });
});
