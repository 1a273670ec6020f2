import { describe, expect, it } from 'vitest';
import { at, expectClean, expectDiagnostic, expectNoDiagnostic, spec } from '../test-support.js';

const FIELDS = [
  '| title | text | yes | | |',
  '| dueOn | date | no | | |',
  '| closedAt | datetime | no | | |',
  '| size | integer | no | | |',
  '| owner | → User | no | | |',
  '| status | state | | | |',
];
const entity = (...rows: string[]): string =>
  `### Ticket\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|\n${[...FIELDS, ...rows].join('\n')}`;
const LIFE = (sets: string): string =>
  `### Ticket\n\n- States: open, closed\n- Initial: open\n\n| From | Action | To | Sets |\n|---|---|---|---|\n| open | close | closed | ${sets} |`;
const doc = (rows: string[], sets = 'closedAt = `now`'): string =>
  spec({ 3: entity(...rows), 4: LIFE(sets) });

describe('checkValueTypes', () => {
  it('errors on an instant computed into a date field, at the expression', () => {
    const md = doc(['| remindOn | date | no | | computed `record.createdAt + duration("24h")` |']);
    const found = expectDiagnostic(md, 'value-type-mismatch', at(md, 'record.createdAt +'));
    expect(found.hint).toContain('today()');
  });

  it('errors on a date default of a datetime field and a text Set of an integer', () => {
    const md = doc(['| startsAt | datetime | no | `today()` | |'], 'size = `"big"`');
    expectDiagnostic(md, 'value-type-mismatch', at(md, 'today()'));
    expectDiagnostic(md, 'value-type-mismatch', at(md, '"big"'));
  });

  it('errors on a record of another entity set into a reference', () => {
    const md = doc([], 'owner = `record`');
    expectDiagnostic(md, 'value-type-mismatch', at(md, 'record`'));
  });

  it('accepts values that fit: dates, instants, ids, numbers, null and input', () => {
    expectClean(
      doc(
        [
          '| remindOn | date | no | | computed `record.dueOn + duration("24h")` |',
          '| openedOn | date | no | `today()` | |',
          '| score | decimal | no | | computed `record.size * 1.5` |',
        ],
        'closedAt = `now`, owner = `user.id`, dueOn = `null`, title = `input.reason`',
      ),
    );
    expectNoDiagnostic(doc([], 'owner = `user`'), 'value-type-mismatch');
  });
});
