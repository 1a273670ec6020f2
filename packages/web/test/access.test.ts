import { callerRoles } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { accessTo, readableFields, writableFields } from '../src/model/access.js';
import { navigationScreens } from '../src/model/navigation.js';
import { appScreens, mayOpen } from '../src/model/screens.js';
import { example } from './examples.js';

const helpdesk = example('helpdesk');
const ticket = helpdesk.entities.find((e) => e.name === 'Ticket')!;
const user = (roles: string[]) => ({ id: 'u1', email: 'a@b.c', name: 'Ann', roles });

describe('what section 6 lets a caller do, as the web app reads it', () => {
  it('tells outright permission from a condition the server decides', () => {
    const customer = callerRoles(user(['customer']));
    expect(accessTo(helpdesk, customer, 'Ticket', 'create')).toBe('yes');
    expect(accessTo(helpdesk, customer, 'Ticket', 'update')).toBe('maybe');
    expect(accessTo(helpdesk, customer, 'Ticket', 'delete')).toBe('no');
    expect(accessTo(helpdesk, callerRoles(null), 'Ticket', 'read')).toBe('no');
  });

  it('unites the fields of the rows and never offers read-only ones to set', () => {
    const customer = callerRoles(user(['customer']));
    expect(readableFields(helpdesk, customer, ticket).has('internalNote')).toBe(false);
    expect(readableFields(helpdesk, customer, ticket).has('title')).toBe(true);
    expect([...writableFields(helpdesk, customer, ticket, 'create')].sort()).toEqual([
      'body',
      'priority',
      'product',
      'title',
    ]);
    const admin = callerRoles(user(['admin']));
    // `all` means every field a caller could set: never customer (read-only) or status (state).
    expect(writableFields(helpdesk, admin, ticket, 'update').has('customer')).toBe(false);
    expect(writableFields(helpdesk, admin, ticket, 'update').has('status')).toBe(false);
  });

  it('lets a no row cancel only its own role', () => {
    const library = example('library');
    expect(accessTo(library, callerRoles(user(['admin'])), 'Fine', 'delete')).toBe('no');
    expect(accessTo(library, callerRoles(user(['admin'])), 'Book', 'delete')).toBe('yes');
  });
});

describe('screens and navigation', () => {
  it('adds the account screens a specification leaves out, and sign-up only when possible', () => {
    const expenses = appScreens(example('expenses'));
    expect(expenses.map((s) => s.kind)).toContain('sign-in');
    expect(expenses.map((s) => s.kind)).not.toContain('sign-up');
    const seed = appScreens(example('unspecified'));
    expect(seed.map((s) => `${s.kind} ${s.route}`)).toEqual([
      'dashboard /',
      'sign-in /sign-in',
      'sign-up /sign-up',
      'account /account',
      'spec /spec',
      'users /users',
    ]);
    expect(mayOpen(seed[0]!, null)).toBe(true);
  });

  it('offers each user the screens their roles open, with data they may read', () => {
    const screens = appScreens(helpdesk);
    const names = (u: ReturnType<typeof user> | null) =>
      navigationScreens(helpdesk, screens, u, callerRoles(u)).map((s) => s.name);
    expect(names(null)).toEqual([]);
    expect(names(user(['customer']))).toEqual(['Tickets']);
    expect(names(user(['agent']))).toEqual(['Tickets', 'Products']);
    expect(names(user(['admin']))).toEqual(['Tickets', 'Products', 'Specification', 'Users']);
  });

  it('offers the users screen to the roles that may change users’ roles', () => {
    const stockroom = example('stockroom');
    const screens = appScreens(stockroom);
    const offered = (roles: string[]) =>
      navigationScreens(stockroom, screens, user(roles), callerRoles(user(roles))).some(
        (s) => s.kind === 'users',
      );
    expect(offered(['manager'])).toBe(true);
    expect(offered(['admin'])).toBe(true);
    expect(offered(['clerk'])).toBe(false);
  });

  it('puts the users screen where section 2 says, and adds no other', () => {
    const declared = {
      ...helpdesk,
      screens: [
        ...helpdesk.screens,
        {
          route: '/people',
          name: 'People',
          kind: 'users' as const,
          who: ['admin'],
          derived: false,
        },
      ],
    };
    const users = appScreens(declared).filter((s) => s.kind === 'users');
    expect(users.map((s) => s.route)).toEqual(['/people']);
  });
});
