import { describe, expect, it } from 'vitest';
import type { Field } from '../entity.js';
import { usersScreen } from '../engine-screens.js';
import { appModel, entity, permission, sections } from '../test-support/model-parts.js';
import { accountManagerRoles } from './account-managers.js';

const roles: Field = {
  name: 'roles',
  type: { kind: 'roles' },
  required: true,
  rules: [],
  builtin: true,
};
const name: Field = {
  name: 'name',
  type: { kind: 'text' },
  required: true,
  rules: [],
  builtin: true,
};
const user = entity('User', 'users', [name, roles]);
const role = (n: string) => ({ name: n, description: '', signUp: 'no' as const });
const when = {
  kind: 'when',
  condition: { source: '!("admin" in record.roles)', line: 1, column: 1 },
} as const;

const model = (...rows: ReturnType<typeof permission>[]) =>
  appModel({
    entities: [user],
    roles: ['customer', 'agent', 'manager', 'admin'].map(role),
    permissions: rows,
  });

describe('the roles that manage accounts', () => {
  it('are those a row lets change the roles of User, whatever its condition', () => {
    const managed = model(
      permission('admin', '*', ['*']),
      permission('manager', 'User', ['create', 'update'], when, {
        kind: 'only',
        fields: ['roles'],
      }),
      permission(
        'agent',
        'User',
        ['read', 'update'],
        { kind: 'yes' },
        { kind: 'only', fields: ['name'] },
      ),
    );
    expect(accountManagerRoles(managed)).toEqual(['manager', 'admin']);
  });

  it('leave out a role whose row keeps roles back, or says no', () => {
    const managed = model(
      permission('admin', '*', ['*'], { kind: 'yes' }, { kind: 'allExcept', fields: ['roles'] }),
      permission('manager', 'User', ['*']),
      permission('manager', 'User', ['update'], { kind: 'no' }),
    );
    expect(accountManagerRoles(managed)).toEqual([]);
  });

  it('never include anyone or signed-in', () => {
    const managed = model(permission('signed-in', 'User', ['update']));
    expect(accountManagerRoles(managed)).toEqual([]);
  });
});

describe('the users screen', () => {
  it('is for the managing roles, at /users, when the API lists users', () => {
    const managed = model(permission('admin', '*', ['*']));
    expect(usersScreen(managed)).toEqual({
      kind: 'users',
      route: '/users',
      name: 'Users',
      who: ['admin'],
    });
  });

  it('is not there when nobody manages accounts, or section 7 lists no users', () => {
    expect(usersScreen(model(permission('agent', 'User', ['read'])))).toBeUndefined();
    const declared = { ...model(permission('admin', '*', ['*'])), sections: sections('calls') };
    expect(usersScreen(declared)).toBeUndefined();
  });
});
