import { describe, expect, it } from 'vitest';
import { at, expectClean, expectDiagnostic, spec } from '../../test-support.js';

const ENTITY =
  '### Ticket\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|\n| title | text | yes | | |\n| dueDate | date | no | | |';
const CATALOGUE =
  '| Code | Status | Message |\n|---|---|---|\n| DUE_PAST | 422 | Too late. |\n| TOO_LONG | 422 | Too long. |';
const rules = (rows: string): string =>
  spec({
    3: ENTITY,
    5: `| Entity | Rule | Error | On |\n|---|---|---|---|\n${rows}`,
    8: CATALOGUE,
  });

describe('readValidation', () => {
  it('reads rules with their error, triggers and the one field they name', () => {
    const md = rules(
      '| Ticket | `record.dueDate == null \\|\\| record.dueDate > today()` | DUE_PAST | create, update |\n| Ticket | `size(record.title) < 100 && record.dueDate != null` | TOO_LONG | create |',
    );
    const model = expectClean(md, true);
    expect(model.rules[0]).toMatchObject({
      entity: 'Ticket',
      error: 'DUE_PAST',
      on: ['create', 'update'],
      field: 'dueDate',
      rule: {
        source: 'record.dueDate == null || record.dueDate > today()',
        ...at(md, 'record.dueDate =='),
      },
    });
    expect(model.rules[1]).toMatchObject({ on: ['create'] });
    expect(model.rules[1]!.field).toBeUndefined();
  });

  it('runs a rule with no On on create and update, and answers VALIDATION_FAILED with no Error', () => {
    const model = expectClean(rules('| Ticket | `record.title != ""` | | |'), true);
    expect(model.rules[0]).toMatchObject({
      on: ['create', 'update'],
      error: 'VALIDATION_FAILED',
      field: 'title',
    });
  });

  it('errors on an unknown entity, error code and trigger', () => {
    const md = rules('| Tiket | `true` | DUE_PASS | craete |');
    expect(expectDiagnostic(md, 'unknown-entity', at(md, 'Tiket')).hint).toContain('Ticket');
    expect(expectDiagnostic(md, 'unknown-error-code', at(md, 'DUE_PASS')).hint).toContain(
      'DUE_PAST',
    );
    expect(expectDiagnostic(md, 'unknown-trigger', at(md, 'craete')).hint).toContain('create');
  });

  it('errors on a rule with no entity or no condition', () => {
    const md = rules('|  | `true` | | |\n| Ticket |  | | |');
    expectDiagnostic(md, 'empty-cell', { line: at(md, '|  | `true`').line });
    expectDiagnostic(md, 'empty-cell', { line: at(md, '| Ticket |  |').line });
  });

  it('errors on a missing column', () => {
    const md = spec({ 5: '| Entity | Error |\n|---|---|\n| Ticket | X |' });
    expectDiagnostic(md, 'missing-column', at(md, '| Entity | Error'));
  });
});
