import { describe, it } from 'vitest';
import { at, expectDiagnostic, expectNoDiagnostic, spec } from '../test-support.js';

const ROLES =
  '| Role | Description | Sign-up |\n|---|---|---|\n| member | Joins | default |\n| staff | Works | no |\n| admin | Runs it | no |';
const doc = (rows: string): string =>
  spec({
    3: '### User\n\n| Field | Type |\n|---|---|\n| phone | text |',
    6: `${ROLES}\n\n| Role | Entity | Actions | Allowed | Fields |\n|---|---|---|---|---|\n${rows}`,
  });

describe('checkRoleGrants', () => {
  it('warns at the Fields of a row letting users edit their own account with all fields', () => {
    const md = doc('| staff | User | read, update | `record.id == user.id` | all |');
    expectDiagnostic(md, 'self-role-change', at(md, 'all |'));
  });

  it('warns at `roles` when a role anybody can sign up for may set it', () => {
    const md = doc('| member | User | update | yes | phone, roles |');
    expectDiagnostic(md, 'self-role-change', at(md, 'roles |'));
  });

  it('warns on signed-in rows, conditions read either way round and `*` rows', () => {
    const md = doc('| signed-in | * | update | `(user.id == record.id)` | all except phone |');
    expectDiagnostic(md, 'self-role-change', at(md, 'all except phone'));
  });

  it('accepts staff managing roles, and users editing their own account without roles', () => {
    expectNoDiagnostic(
      doc(
        [
          '| admin | User | read, update | yes | all |',
          '| staff | User | update | `record.id == user.id` | all except roles |',
          '| member | User | update | `record.id == user.id` | phone |',
          '| member | User | update | no | all |',
        ].join('\n'),
      ),
      'self-role-change',
    );
  });
});
