import { describe, it } from 'vitest';
import { at, expectClean, expectDiagnostic, spec } from '../test-support.js';

// date(y, m, d) and timestamp(date, h, m) (docs/spec-language.md, "Dates from their parts").
const ENTITY = (rules = '') =>
  [
    '### Course',
    '',
    '| Field | Type | Required | Default | Rules |',
    '|---|---|---|---|---|',
    '| year | integer | yes | | |',
    '| month | integer | yes | | |',
    `| startsOn | date | no | | computed \`date(record.year, record.month, 1)\` |`,
    `| opensAt | datetime | no | | computed \`timestamp(date(record.year, record.month, 1), 9, 0)\` |`,
    rules,
  ].join('\n');

describe('dates from their parts in a specification', () => {
  it('accepts dates and instants made from a record`s parts', () => {
    expectClean(spec({ 3: ENTITY() }), true);
  });

  it('errors at a date that does not exist, written with literal parts', () => {
    const md = spec({
      3: ENTITY('| endsOn | date | no | | computed `date(2025, 2, 29)` |'),
    });
    expectDiagnostic(md, 'invalid-date', at(md, 'date(2025, 2, 29)'));
  });

  it('errors at an hour that is not one', () => {
    const md = spec({
      3: ENTITY('| closesAt | datetime | no | | computed `timestamp(record.startsOn, 24, 0)` |'),
    });
    expectDiagnostic(md, 'invalid-date', at(md, 'timestamp(record.startsOn, 24'));
  });
});
