import { describe, expect, it } from 'vitest';
import { checkExpression } from './check-expression.js';
import type { ExprScope } from './scope.js';
import { expenses, helpdesk } from './test-support/example-models.js';

const typeOf = (source: string, scope: ExprScope = { entity: 'Ticket' }, model = helpdesk) => {
  const result = checkExpression(source, model, scope);
  expect(result.issues).toEqual([]);
  return result.type;
};

describe('types', () => {
  it('gives every entity its built-in fields, whether the model lists them or not', () => {
    for (const [model, entity] of [
      [helpdesk, 'Ticket'],
      [expenses, 'Claim'],
    ] as const) {
      expect(typeOf('record.id', { entity }, model)).toBe('string');
      expect(typeOf('record.createdAt', { entity }, model)).toBe('timestamp');
      expect(typeOf('record.version + 1', { entity }, model)).toBe('int');
      expect(typeOf('record.createdBy.email', { entity }, model)).toBe('string');
    }
  });

  it('knows the user`s core fields and the spec`s own', () => {
    expect(typeOf('"agent" in user.roles')).toBe('bool');
    expect(typeOf('user.manager.iban', { entity: 'Claim' }, expenses)).toBe('string');
  });

  it('names record and list types by entity', () => {
    expect(typeOf('record.ticket', { entity: 'Comment' })).toBe('Ticket');
    expect(typeOf('[record, old]', { entity: 'Ticket', hasOld: true })).toBe('list(Ticket)');
    expect(typeOf('t.title', { variables: { t: 'Ticket' } })).toBe('string');
  });

  it('types money, dates and durations', () => {
    const claim = { entity: 'Claim' };
    expect(typeOf('record.amount * 2', claim, expenses)).toBe('money');
    expect(typeOf('MAX_CLAIM - record.amount', claim, expenses)).toBe('money');
    expect(typeOf('record.amount / 2', claim, expenses)).toBe('money');
    expect(typeOf('record.amount / 0.5 * 3', claim, expenses)).toBe('money');
    // A number divided by money has no meaning: it stays refused.
    expect(checkExpression('2 / record.amount', expenses, claim).issues).not.toEqual([]);
    expect(typeOf('record.spentOn', claim, expenses)).toBe('date');
    expect(typeOf('today() - record.spentOn', claim, expenses)).toBe('duration');
    expect(typeOf('now + duration("1h")', claim, expenses)).toBe('timestamp');
    expect(typeOf('record.spentOn > record.createdAt', claim, expenses)).toBe('bool');
  });

  it('types constants: integral numbers as int, durations, engine limits', () => {
    expect(typeOf('MAX_OPEN_TICKETS')).toBe('int');
    expect(typeOf('REOPEN_WINDOW')).toBe('duration');
    expect(typeOf('MAX_PAGE_SIZE')).toBe('int');
  });

  it('accepts any field of input, and null against anything', () => {
    expect(typeOf('input.anything.at.all', { hasInput: true })).toBe('dyn');
    expect(typeOf('record.resolvedAt == null && null != record.product')).toBe('bool');
  });

  it('types macros and string functions', () => {
    expect(typeOf('user.roles.exists(r, r == "agent")')).toBe('bool');
    expect(typeOf('user.roles.map(r, r.upperAscii())')).toBe('list(string)');
    expect(typeOf('record.title.contains("x") && record.body.size() > 3')).toBe('bool');
    expect(typeOf('has(record.product) ? record.product.name : "none"')).toBe('string');
  });

  it('lists what an expression refers to', () => {
    const { references } = checkExpression(
      'count(Ticket, t, t.customer == user.id) < MAX_OPEN_TICKETS && record.product.active',
      helpdesk,
      { entity: 'Ticket' },
    );
    expect(references.entities).toEqual(expect.arrayContaining(['Ticket', 'User', 'Product']));
    expect(references.fields).toEqual(
      expect.arrayContaining([
        { entity: 'Ticket', field: 'customer' },
        { entity: 'User', field: 'id' },
        { entity: 'Ticket', field: 'product' },
        { entity: 'Product', field: 'active' },
      ]),
    );
    expect(references.constants).toEqual(['MAX_OPEN_TICKETS']);
  });
});
