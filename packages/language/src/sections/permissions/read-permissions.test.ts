import { describe, expect, it } from 'vitest';
import {
  at,
  expectClean,
  expectDiagnostic,
  expectNoDiagnostic,
  parse,
  spec,
} from '../../test-support.js';

const ENTITY =
  '### Ticket\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|\n| title | text | yes | | |\n| internalNote | text | no | | |\n| customer | → User | no | `user.id` | |\n| status | state | | | |';
const LIFE =
  '### Ticket\n\n- States: open, closed\n- Initial: open\n\n| From | Action | To |\n|---|---|---|\n| open | close | closed |';
const ROLES =
  '| Role | Description | Sign-up |\n|---|---|---|\n| customer | Opens tickets | default |\n| agent | Resolves tickets | no |\n| admin | Manages | |';
const PERMS = '| Role | Entity | Actions | Allowed | Fields |\n|---|---|---|---|---|';
const perms = (rows: string, roles = ROLES): string =>
  spec({ 3: ENTITY, 4: LIFE, 6: `${roles}\n\n${PERMS}\n${rows}` });

describe('readPermissions', () => {
  it('reads roles and permission rows of every form', () => {
    const md = perms(
      [
        '| customer | Ticket | read | `record.customer == user.id` | all except internalNote |',
        '| customer | Ticket | create | yes | title |',
        '| agent | Ticket | read, update | yes | all |',
        '| agent | Ticket | close | no | |',
        '| admin | * | * | yes | all |',
        '| anyone, signed-in | Ticket | read | yes | title |',
      ].join('\n'),
    );
    const model = expectClean(md);
    expect(model.roles).toEqual([
      {
        name: 'customer',
        description: 'Opens tickets',
        signUp: 'default',
        line: at(md, '| customer | Opens').line,
      },
      {
        name: 'agent',
        description: 'Resolves tickets',
        signUp: 'no',
        line: at(md, '| agent |').line,
      },
      { name: 'admin', description: 'Manages', signUp: 'no', line: at(md, '| admin |').line },
    ]);
    expect(model.permissions[0]).toEqual({
      role: 'customer',
      entity: 'Ticket',
      actions: ['read'],
      allowed: {
        kind: 'when',
        condition: { source: 'record.customer == user.id', ...at(md, 'record.customer ==') },
      },
      fields: { kind: 'allExcept', fields: ['internalNote'] },
      line: at(md, '| customer | Ticket | read').line,
    });
    expect(
      model.permissions
        .slice(1)
        .map((p) => [p.role, p.entity, p.actions, p.allowed.kind, p.fields]),
    ).toEqual([
      ['customer', 'Ticket', ['create'], 'yes', { kind: 'only', fields: ['title'] }],
      ['agent', 'Ticket', ['read', 'update'], 'yes', { kind: 'all' }],
      ['agent', 'Ticket', ['close'], 'no', { kind: 'none' }],
      ['admin', '*', ['*'], 'yes', { kind: 'all' }],
      ['anyone', 'Ticket', ['read'], 'yes', { kind: 'only', fields: ['title'] }],
      ['signed-in', 'Ticket', ['read'], 'yes', { kind: 'only', fields: ['title'] }],
    ]);
  });

  it('gives one admin role that may do anything when the section is unspecified', () => {
    const model = expectClean(spec({}));
    expect(model.roles).toEqual([expect.objectContaining({ name: 'admin', signUp: 'no' })]);
    expect(model.permissions).toEqual([
      expect.objectContaining({
        role: 'admin',
        entity: '*',
        actions: ['*'],
        allowed: { kind: 'yes' },
        fields: { kind: 'all' },
      }),
    ]);
  });

  it('errors on unknown roles, entities, actions and fields with hints', () => {
    const md = perms(
      '| custmer | Ticket | read | yes | all |\n| agent | Tiket | read | yes | all |\n| agent | Ticket | clse | yes | |\n| agent | Ticket | read | yes | titel |',
    );
    expect(expectDiagnostic(md, 'unknown-role', at(md, 'custmer')).hint).toContain('customer');
    expect(expectDiagnostic(md, 'unknown-entity', at(md, 'Tiket')).hint).toContain('Ticket');
    expect(expectDiagnostic(md, 'unknown-action', at(md, 'clse')).hint).toContain('close');
    expect(expectDiagnostic(md, 'unknown-field', at(md, 'titel')).hint).toContain('title');
  });

  it('errors on an unknown field after all except', () => {
    const md = perms('| agent | Ticket | read | yes | all except secret |');
    expectDiagnostic(md, 'unknown-field', at(md, 'secret'));
  });

  it('errors on a condition without backticks', () => {
    const md = perms('| agent | Ticket | read | only their own | all |');
    expectDiagnostic(md, 'expected-expression', at(md, 'only their own'));
  });

  it('warns on a read row with no fields', () => {
    const md = perms('| agent | Ticket | read | yes | |');
    expectDiagnostic(md, 'missing-fields', { line: at(md, '| agent | Ticket | read').line });
  });

  it('asks no fields of a row that says no: it takes powers away and covers none', () => {
    const md = perms('| agent | * | * | yes | all |\n| agent | Ticket | create | no | |');
    expectNoDiagnostic(md, 'missing-fields');
  });

  it('errors on role problems: duplicates, built-ins, two defaults, bad sign-up', () => {
    const md = perms(
      '| admin | * | * | yes | all |',
      `${ROLES}\n| agent | Again | no |\n| anyone | Everyone | no |\n| visitor | Looks | default |\n| guest | Looks | maybe |\n| Big Boss | Runs | no |`,
    );
    expectDiagnostic(md, 'duplicate-role', { line: at(md, '| agent | Again').line, column: 3 });
    expectDiagnostic(md, 'builtin-role', { line: at(md, '| anyone |').line, column: 3 });
    expectDiagnostic(md, 'duplicate-default-role', at(md, 'default |', 1));
    expectDiagnostic(md, 'bad-sign-up', at(md, 'maybe'));
    expectDiagnostic(md, 'role-name-style', at(md, 'Big Boss'));
  });

  it('errors on a permission row without actions', () => {
    const md = perms('| agent | Ticket |  | yes | all |');
    expect(parse(md).model.permissions).toEqual([]);
    expectDiagnostic(md, 'empty-cell', { line: at(md, '| agent | Ticket |  |').line });
  });
});
