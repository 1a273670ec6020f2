import { describe, it } from 'vitest';
import { at, expectDiagnostic, expectNoDiagnostic, spec } from '../test-support.js';

const ENTITY =
  '### Ticket\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|\n| title | text | yes | | |\n| priority | one of low, high | no | | |\n| note | text | no | | read-only |';
const ROLES = [
  '| Role | Description | Sign-up |',
  '|---|---|---|',
  '| customer | Opens tickets | default |',
  '| agent | Works | no |',
  '',
  '| Role | Entity | Actions | Allowed | Fields |',
  '|---|---|---|---|---|',
  '| signed-in | Ticket | read | yes | all |',
  '| customer | Ticket | create | yes | title |',
  '| agent | Ticket | create, update | yes | all |',
].join('\n');
const HEAD = '| Route | Screen | Kind | Entity | Who | Shows |\n|---|---|---|---|---|---|';
const doc = (row: string): string => spec({ 2: `${HEAD}\n${row}`, 3: ENTITY, 6: ROLES });

describe('checkFormFields', () => {
  it('warns at a field that a role of the Who may not set', () => {
    const md = doc('| /tickets/new | New | form | Ticket | customer, agent | title, priority |');
    expectDiagnostic(md, 'form-field-not-settable', at(md, 'priority |'));
  });

  it('warns at a role that may not take the form’s action at all, an edit being an update', () => {
    const md = doc('| /tickets/:id/edit | Edit | form | Ticket | agent, customer | title |');
    expectDiagnostic(md, 'form-field-not-settable', at(md, 'customer |'));
  });

  it('warns at a field no caller ever sets', () => {
    const md = doc('| /tickets/new | New | form | Ticket | agent | title, note |');
    expectDiagnostic(md, 'form-field-not-settable', at(md, 'note |'));
  });

  it('accepts a form whose roles may set every field it lists', () => {
    expectNoDiagnostic(
      doc('| /tickets/new | New | form | Ticket | customer, agent | title |'),
      'form-field-not-settable',
    );
    expectNoDiagnostic(
      doc('| /tickets/:id/edit | Edit | form | Ticket | agent | title, priority |'),
      'form-field-not-settable',
    );
  });
});
