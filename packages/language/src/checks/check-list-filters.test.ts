import { describe, it } from 'vitest';
import { at, expectDiagnostic, expectNoDiagnostic, spec } from '../test-support.js';

const ENTITY = [
  '### Job',
  '',
  '| Field | Type | Required | Default | Rules |',
  '|---|---|---|---|---|',
  '| title | text | yes | | |',
  '| parent | → Job | no | | |',
  '| owner | → User | no | | |',
  '| watchers | list of User | no | | |',
].join('\n');
const screens = (filter: string): string =>
  `| Route | Screen | Kind | Entity | Who | Shows |\n|---|---|---|---|---|---|\n| /jobs | Jobs | list | Job | signed-in | \`${filter}\`; columns title |`;
const doc = (filter: string): string => spec({ 2: screens(filter), 3: ENTITY });

describe('checkListFilters', () => {
  it('errors at the count() of a list screen filter, which the list call refuses', () => {
    const md = doc('record.title != "" && count(Job, j, j.owner == user.id) < 5');
    expectDiagnostic(md, 'list-filter-refused', at(md, 'count(Job, j'));
  });

  it('errors at a reference followed past its id', () => {
    const md = doc('record.parent.title != ""');
    expectDiagnostic(md, 'list-filter-refused', at(md, '.title != ""'));
  });

  it('errors at a map or filter, which the database cannot run', () => {
    const md = doc('size(record.watchers.filter(w, w == user.id)) > 0');
    expectDiagnostic(md, 'list-filter-refused', at(md, '.filter(w'));
  });

  it("accepts the record's own fields, a reference's id and the user", () => {
    const md = doc('record.owner == user.id && record.parent.id != record.id && user.name != ""');
    expectNoDiagnostic(md, 'list-filter-refused');
  });

  it('accepts a filter that a list call of section 7 applies as its where', () => {
    const calls = [
      '| Method | Path | Operation | Payload | Response |',
      '|---|---|---|---|---|',
      '| GET | /api/jobs | list Job | | Job[] |',
      '| GET | /api/subjobs | list Job where `record.parent.title  != ""` | | Job[] |',
    ].join('\n');
    const md = spec({ 2: screens('record.parent.title != ""'), 3: ENTITY, 7: calls });
    expectNoDiagnostic(md, 'list-filter-refused');
  });
});
