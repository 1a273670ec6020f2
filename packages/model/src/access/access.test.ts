import { describe, expect, it } from 'vitest';
import type { Field } from '../entity.js';
import { appModel, entity, field, permission, sections } from '../test-support/model-parts.js';
import { ANYONE, SIGNED_IN, callerRoles } from './caller-roles.js';
import { isSettable, selectedFields, settableFields } from './field-sets.js';
import { matchingRows, rowMatches } from './matching-rows.js';
import { choosesRoles, signUpDeclaredFields, signUpMode } from './sign-up.js';

const when = {
  kind: 'when',
  condition: { source: 'record.customer == user.id', line: 1, column: 1 },
} as const;

describe('the roles a caller acts with', () => {
  it('are anyone for a visitor, and signed-in plus their own for a user', () => {
    expect(callerRoles(null)).toEqual([ANYONE]);
    expect(callerRoles({ roles: ['agent'] })).toEqual([ANYONE, SIGNED_IN, 'agent']);
    expect(callerRoles({ roles: [] })).toEqual([ANYONE, SIGNED_IN]);
  });

  it('are the same list for the same set, and leave out undeclared roles when told', () => {
    expect(callerRoles({ roles: ['b', 'a', 'b'] })).toEqual(callerRoles({ roles: ['a', 'b'] }));
    expect(callerRoles({ roles: ['agent', 'ghost'] }, new Set(['agent']))).toEqual([
      ANYONE,
      SIGNED_IN,
      'agent',
    ]);
  });
});

describe('the rows of section 6 that apply', () => {
  const permissions = [
    permission('customer', 'Ticket', ['create', 'read']),
    permission('customer', 'Ticket', ['update'], when),
    permission('admin', '*', ['*']),
    permission('admin', 'Fine', ['delete'], { kind: 'no' }),
    permission('clerk', 'Fine', ['delete']),
  ];

  it('name the entity and the action, or *', () => {
    expect(rowMatches(permissions[2]!, 'Book', 'archive')).toBe(true);
    expect(rowMatches(permissions[0]!, 'Ticket', 'delete')).toBe(false);
    expect(rowMatches(permissions[0]!, 'Book', 'read')).toBe(false);
  });

  it('add up across roles, conditional rows included', () => {
    expect(matchingRows(permissions, ['customer'], 'Ticket', 'read')).toEqual([permissions[0]]);
    expect(matchingRows(permissions, ['customer'], 'Ticket', 'update')).toEqual([permissions[1]]);
    expect(matchingRows(permissions, ['anyone', 'customer'], 'Ticket', 'delete')).toEqual([]);
    expect(matchingRows(permissions, ['customer', 'admin'], 'Ticket', 'read')).toHaveLength(2);
  });

  it('let a no row cancel only the rows of its own role', () => {
    expect(matchingRows(permissions, ['admin'], 'Fine', 'delete')).toEqual([]);
    expect(matchingRows(permissions, ['admin'], 'Book', 'delete')).toEqual([permissions[2]]);
    expect(matchingRows(permissions, ['admin', 'clerk'], 'Fine', 'delete')).toEqual([
      permissions[4],
    ]);
  });
});

describe('the fields a caller could set', () => {
  const ticket = entity('Ticket', 'tickets', [
    field('title', { kind: 'text' }),
    field('status', { kind: 'state' }),
    field('customer', { kind: 'reference', entity: 'User' }, [{ kind: 'readOnly' }]),
    field('total', { kind: 'integer' }, [
      { kind: 'computed', expression: { source: '1', line: 1, column: 1 } },
    ]),
  ]);

  it('are never the engine’s, state, read-only or computed fields', () => {
    expect([...settableFields(ticket)]).toEqual(['title']);
    expect(isSettable(ticket.fields.find((f) => f.name === 'createdBy')!)).toBe(false);
  });

  it('are those a row’s Fields cell selects', () => {
    const fields = new Set(['title', 'body', 'priority']);
    expect(selectedFields({ kind: 'all' }, fields)).toBe(fields);
    expect([...selectedFields({ kind: 'allExcept', fields: ['body'] }, fields)]).toEqual([
      'title',
      'priority',
    ]);
    expect([...selectedFields({ kind: 'only', fields: ['body', 'ghost'] }, fields)]).toEqual([
      'body',
    ]);
    expect(selectedFields({ kind: 'none' }, fields).size).toBe(0);
  });
});

describe('sign-up', () => {
  const role = (name: string, signUp: 'default' | 'yes' | 'no') => ({
    name,
    description: '',
    signUp,
  });
  const builtin = (name: string, type: Field['type']): Field => ({
    ...field(name, type),
    builtin: true,
  });
  const user = entity('User', 'users', [
    builtin('email', { kind: 'email' }),
    builtin('name', { kind: 'text' }),
    builtin('roles', { kind: 'roles' }),
    field('phone', { kind: 'text' }),
    field('cardNumber', { kind: 'text' }, [{ kind: 'readOnly' }]),
  ]);

  it('is for the first account only while section 6 is unspecified', () => {
    expect(signUpMode(appModel({ roles: [role('customer', 'default')] }))).toEqual({
      kind: 'first-account',
      role: 'admin',
    });
  });

  it('gives the default role and offers the others open to it', () => {
    const specified = sections('permissions');
    const mode = signUpMode(
      appModel({
        sections: specified,
        roles: [role('customer', 'default'), role('agent', 'yes'), role('admin', 'no')],
      }),
    );
    expect(mode).toEqual({ kind: 'open', defaultRole: 'customer', choosable: ['agent'] });
    expect(choosesRoles(mode)).toBe(true);
    const closed = signUpMode(appModel({ sections: specified, roles: [role('admin', 'no')] }));
    expect(closed).toEqual({ kind: 'closed' });
    expect(choosesRoles(closed)).toBe(false);
  });

  it('asks for the User’s own fields a caller could set', () => {
    const model = appModel({ entities: [user] });
    expect(signUpDeclaredFields(model).map((f) => f.name)).toEqual(['phone']);
  });
});
