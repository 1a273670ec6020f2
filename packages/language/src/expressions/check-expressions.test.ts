import { describe, expect, it } from 'vitest';
import { at, expectClean, expectDiagnostic, spec } from '../test-support.js';

const ENTITY =
  '### Ticket\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|\n| title | text | yes | | |\n| size | integer | no | | |\n| owner | → User | no | `user.id` | |\n| status | state | | | |';
const LIFE = (when: string, sets = ''): string =>
  `### Ticket\n\n- States: open, closed\n- Initial: open\n\n| From | Action | To | When | Sets |\n|---|---|---|---|---|\n| open | close | closed | ${when} | ${sets} |`;
const rule = (source: string, on = 'create, update'): string =>
  spec({
    3: ENTITY,
    4: LIFE(''),
    5: `| Entity | Rule | On |\n|---|---|---|\n| Ticket | ${source} | ${on} |`,
  });

describe('checkExpressions', () => {
  it('accepts the expressions of every place with their scopes', () => {
    expectClean(
      spec({
        2: '| Route | Kind | Entity | Shows |\n|---|---|---|---|\n| /t | list | Ticket | `record.owner == user.id`; columns title |',
        3: ENTITY.replace(
          '| size | integer | no | | |',
          '| size | integer | no | | computed `size(record.title)` |',
        ),
        4: LIFE('`old.status == "open" && input.reason != ""`', 'title = `input.reason`'),
        5: '| Entity | Rule | On |\n|---|---|---|\n| Ticket | `record.title != old.title` | update |',
        6: '| Role | Description |\n|---|---|\n| admin | All |\n\n| Role | Entity | Actions | Allowed | Fields |\n|---|---|---|---|---|\n| admin | Ticket | read | `record.owner == user.id` | all |\n| admin | * | update | `record.id != ""` | all |',
      }),
      true,
    );
  });

  it('reports an issue at the document position of its token', () => {
    const md = rule('`record.title != "" \\|\\| record.titel != ""`');
    expectDiagnostic(md, 'unknown-field', at(md, 'titel'));
  });

  it('reports a syntax error inside the expression', () => {
    const md = rule('`record.title == `');
    const found = expectDiagnostic(md, 'expression-syntax');
    expect(found.line).toBe(at(md, 'record.title ==').line);
    expect(found.column).toBeGreaterThanOrEqual(at(md, 'record.title ==').column);
  });

  it('errors when a rule is not boolean', () => {
    const md = rule('`record.size + 1`');
    expectDiagnostic(md, 'not-boolean', at(md, 'record.size + 1'));
  });

  it('errors when a guard is not boolean', () => {
    const md = spec({ 3: ENTITY, 4: LIFE('`record.title`') });
    expectDiagnostic(md, 'not-boolean', at(md, 'record.title`'));
  });

  it('does not give old to a rule that runs only on create', () => {
    const md = rule('`record.title != old.title`', 'create');
    expectDiagnostic(md, 'unknown-name', at(md, 'old.title'));
  });

  it('does not give record to a default', () => {
    const md = spec({ 3: ENTITY.replace('`user.id`', '`record.owner`') });
    expectDiagnostic(md, 'unknown-name', at(md, 'record.owner'));
  });

  it('reports a comparison with an unknown state', () => {
    const md = rule('`record.status == "clsoed"`');
    expectDiagnostic(md, 'unknown-enum-value', { line: at(md, 'clsoed').line });
  });

  it('reports an unknown function at its name', () => {
    const md = rule('`frobnicate(record.title)`');
    expectDiagnostic(md, 'unknown-function', at(md, 'frobnicate'));
  });

  it('reports a type mismatch', () => {
    const md = rule('`record.size == "big"`');
    expectDiagnostic(md, 'type-mismatch', { line: at(md, 'record.size ==').line });
  });

  it('reports a written pattern the linear-time engine cannot run at its text', () => {
    const md = rule('`record.title.matches("(?!x)")`');
    expectDiagnostic(md, 'invalid-pattern', at(md, '"(?!x)"'));
  });

  it('reports a duration that cannot be read at its text', () => {
    const md = rule('`now - record.createdAt < duration("72 hours")`');
    expectDiagnostic(md, 'invalid-duration', at(md, '"72 hours"'));
  });
});
