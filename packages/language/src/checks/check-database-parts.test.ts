import { describe, it } from 'vitest';
import { at, expectClean, expectDiagnostic, expectNoDiagnostic, spec } from '../test-support.js';

const ENTITY = [
  '### Job',
  '',
  '| Field | Type | Required | Default | Rules |',
  '|---|---|---|---|---|',
  '| title | text | yes | | |',
  '| contractor | → User | no | | read-only |',
  '| hours | integer | no | | read-only |',
  '| status | state | | | |',
].join('\n');
const life = (when: string, sets = ''): string =>
  `### Job\n\n- States: open, taken\n- Initial: open\n\n| From | Action | To | Who | When | Sets |\n|---|---|---|---|---|---|\n| open | take | taken | signed-in | ${when} | ${sets} |`;
const doc = (bodies: Record<number, string>): string => spec({ 3: ENTITY, 4: life(''), ...bodies });

describe('checkDatabaseParts', () => {
  it('accepts a guard counting with input compared by ==, which runs in the database', () => {
    expectClean(
      doc({
        4: life(
          '`count(User, u, u.id == input.contractor) == 1 && input.hours > 0`',
          'contractor = `input.contractor`, hours = `input.hours`',
        ),
      }),
      true,
    );
  });

  it('errors at the part of a guard that counts with input as SQL cannot', () => {
    const md = doc({ 4: life('`input.hours > 0 && count(Job, j, j.hours < input.hours) < 3`') });
    expectDiagnostic(md, 'cannot-run-in-database', at(md, '< input.hours'));
  });

  it('errors on a rule and an Allowed condition the database cannot run', () => {
    const md = doc({
      5: '| Entity | Rule | Error | On |\n|---|---|---|---|\n| Job | `count(Job, j, j.title.matches("^A")) < 5` | BUSY | create |',
      6: '| Role | Description |\n|---|---|\n| boss | Runs it |\n\n| Role | Entity | Actions | Allowed | Fields |\n|---|---|---|---|---|\n| boss | Job | read | `record.title.matches("^B")` | all |',
      8: '| Code | Status | Message |\n|---|---|---|\n| BUSY | 409 | Busy. |',
    });
    expectDiagnostic(md, 'cannot-run-in-database', at(md, 'matches("^A")'));
    expectDiagnostic(md, 'cannot-run-in-database', at(md, 'matches("^B")'));
  });

  it('errors at the count() of a Set', () => {
    const md = doc({ 4: life('', 'hours = `count(Job, j, j.contractor == user.id)`') });
    expectDiagnostic(md, 'count-in-sets', at(md, 'count(Job, j, j.contractor'));
  });

  it('accepts a computed value that counts for the reader, `user` included', () => {
    const computed = `${ENTITY}\n| mine | integer | no | | computed \`count(Job, j, j.contractor == user.id)\` |`;
    expectClean(spec({ 3: computed, 4: life('') }), true);
  });

  it('errors at the part of a computed value the database works out but cannot run', () => {
    const computed = `${ENTITY}\n| likes | integer | no | | computed \`count(Job, j, j.title.matches("^A"))\` |`;
    const md = spec({ 3: computed, 4: life('') });
    expectDiagnostic(md, 'cannot-run-in-database', at(md, 'matches("^A")'));
  });

  it('errors at the map or filter of a condition that runs in the database', () => {
    const tag =
      '### Tag\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|\n| name | text | yes | | |\n| active | boolean | no | | |';
    const md = spec({
      3: `${ENTITY}\n| tags | list of Tag | no | | |\n\n${tag}`,
      4: life('`count(Job, j, j.tags.map(t, t.name).exists(n, n == "x")) < 3`'),
      5: '| Entity | Rule | Error | On |\n|---|---|---|---|\n| Job | `count(Job, j, size(j.tags.filter(t, t.active)) > 1) < 5` | BUSY | create |',
      6: '| Role | Description |\n|---|---|\n| boss | Runs it |\n\n| Role | Entity | Actions | Allowed | Fields |\n|---|---|---|---|---|\n| boss | Job | read | `size(record.tags.filter(t, t.active)) > 0` | all |',
      8: '| Code | Status | Message |\n|---|---|---|\n| BUSY | 409 | Busy. |',
    });
    expectDiagnostic(md, 'cannot-run-in-database', at(md, '.map(t, t.name)'));
    expectDiagnostic(md, 'cannot-run-in-database', at(md, '.filter(t, t.active)) > 1'));
    expectDiagnostic(md, 'cannot-run-in-database', at(md, '.filter(t, t.active)) > 0'));
  });

  it('leaves map and filter in a rule that counts nothing to JavaScript', () => {
    const md = doc({
      5: '| Entity | Rule | Error | On |\n|---|---|---|---|\n| Job | `size(["a", "b"].filter(s, record.title.startsWith(s))) < 2` | BUSY | create |',
      8: '| Code | Status | Message |\n|---|---|---|\n| BUSY | 409 | Busy. |',
    });
    expectNoDiagnostic(md, 'cannot-run-in-database');
  });

  it('leaves a guard part without count() to JavaScript', () => {
    expectNoDiagnostic(
      doc({ 4: life('`input.hours > 0 && record.title.matches("^A")`') }),
      'cannot-run-in-database',
    );
  });
});
