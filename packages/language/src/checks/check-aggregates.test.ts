import { describe, it } from 'vitest';
import { at, expectClean, expectDiagnostic, spec } from '../test-support.js';

// sum, min, max and avg (docs/spec-language.md, "Aggregates"): checked where count() is, with
// their diagnostics at the token concerned.
const ENTITIES = (computed = '') =>
  [
    '### Request',
    '',
    '| Field | Type | Required | Default | Rules |',
    '|---|---|---|---|---|',
    '| title | text | yes | | |',
    '| budget | money | yes | | |',
    computed,
    '',
    '### Quote',
    '',
    '| Field | Type | Required | Default | Rules |',
    '|---|---|---|---|---|',
    '| request | → Request | yes | | |',
    '| amount | money | yes | | |',
    '| hours | integer | no | | |',
    '| label | text | no | | |',
    '| status | state | | | |',
  ].join('\n');
const LIFE = (when = '', sets = '') =>
  `### Quote\n\n- States: open, approved\n- Initial: open\n\n| From | Action | To | Who | When | Sets |\n|---|---|---|---|---|---|\n| open | approve | approved | signed-in | ${when} | ${sets} |`;
const RULES = (rule: string) =>
  `| Entity | Rule | Error | On |\n|---|---|---|---|\n| Quote | \`${rule}\` | OVER_BUDGET | create, update |`;
const CATALOGUE =
  '| Code | Status | Message |\n|---|---|---|\n| OVER_BUDGET | 409 | Over budget. |';
const approved = 'q.request == record.id && q.status == "approved"';

describe('aggregates in a specification', () => {
  it('accept a computed total, a rule and a guard that sum', () => {
    const computed = `| approved | money | no | | computed \`sum(Quote, q, q.amount, ${approved})\` |`;
    const rule =
      'sum(Quote, q, q.amount, q.request == record.request && q.id != record.id) + record.amount <= record.request.budget';
    const when = '`avg(Quote, q, q.hours, q.request == record.request) < 40.5`';
    expectClean(spec({ 3: ENTITIES(computed), 4: LIFE(when), 5: RULES(rule), 8: CATALOGUE }), true);
  });

  it('errors at the value an aggregate does not take', () => {
    const computed = `| longest | text | no | | computed \`sum(Quote, q, q.label, q.request == record.id)\` |`;
    const md = spec({ 3: ENTITIES(computed), 4: LIFE() });
    expectDiagnostic(md, 'type-mismatch', at(md, 'q.label, q.request'));
  });

  it('errors at an aggregate missing its condition', () => {
    const md = spec({
      3: ENTITIES(),
      4: LIFE(),
      5: RULES('max(Quote, q, q.hours) < 10'),
      8: CATALOGUE,
    });
    expectDiagnostic(md, 'type-mismatch', at(md, 'max(Quote'));
  });

  it('errors at the aggregate of a Set, which cannot run in the database', () => {
    const md = spec({ 3: ENTITIES(), 4: LIFE('', 'hours = `max(Quote, q, q.hours, true)`') });
    expectDiagnostic(md, 'count-in-sets', at(md, 'max(Quote'));
  });

  it('errors at the aggregate of a list screen filter', () => {
    const screens =
      '| Route | Screen | Kind | Entity | Who | Shows |\n|---|---|---|---|---|---|\n| /requests | Requests | list | Request | signed-in | `sum(Quote, q, q.hours, q.request == record.id) > 3`; columns title |';
    const md = spec({ 2: screens, 3: ENTITIES(), 4: LIFE() });
    expectDiagnostic(md, 'list-filter-refused', at(md, 'sum(Quote'));
  });
});
