import { describe, it } from 'vitest';
import { at, expectDiagnostic, expectNoDiagnostic, spec } from '../test-support.js';

const ENTITY =
  '### Booking\n\n| Field | Type | Required |\n|---|---|---|\n| startsOn | date | yes |\n| endsOn | date | yes |\n| seats | integer | yes |';
const doc = (rule: string, message: string): string =>
  spec({
    3: ENTITY,
    5: `| Entity | Rule | Error | On |\n|---|---|---|---|\n| Booking | ${rule} | BAD_BOOKING | create |`,
    8: `| Code | Status | Message |\n|---|---|---|\n| BAD_BOOKING | 422 | ${message} |`,
  });

describe('checkFieldPlaceholders', () => {
  it('warns at the Error of a rule naming two fields whose message names {field}', () => {
    const md = doc('`record.endsOn >= record.startsOn`', 'Check {field}.');
    expectDiagnostic(md, 'unfilled-placeholder', at(md, 'BAD_BOOKING'));
  });

  it('warns on a rule naming no field of its entity', () => {
    const md = doc('`size(user.name) > 1`', '{field} cannot be saved.');
    expectDiagnostic(md, 'unfilled-placeholder', at(md, 'BAD_BOOKING'));
  });

  it('accepts {field} for a rule naming one field, and two fields without {field}', () => {
    expectNoDiagnostic(doc('`record.seats > 0`', 'Check {field}.'), 'unfilled-placeholder');
    expectNoDiagnostic(
      doc('`record.endsOn >= record.startsOn`', 'A booking cannot end before it starts.'),
      'unfilled-placeholder',
    );
  });
});
